import type { FabricObject } from 'fabric';
import { layerName } from '../src/pages/templates/canvas/layer-names.js';

const object = (props: Record<string, unknown>) => props as unknown as FabricObject;

describe('layerName', () => {
  it('is the given name, else the kind, with the start of its words for a text', () => {
    expect(layerName(object({ type: 'Textbox', name: 'Title', text: 'Hello' }))).toBe('Title');
    expect(layerName(object({ type: 'Rect' }))).toBe('Rectangle');
    expect(layerName(object({ type: 'Textbox', name: '  ', text: '  {{recipient}}\n' }))).toBe('Text “{{recipient}}”');
    expect(layerName(object({ type: 'Textbox', text: 'CERTIFICATE OF COMPLETION FOR' }))).toBe('Text “CERTIFICATE OF COMPLETI…”');
    expect(layerName(object({ type: 'Textbox', text: '' }))).toBe('Text');
    expect(layerName(object({ type: 'Sparkle' }))).toBe('Sparkle');
  });
});
