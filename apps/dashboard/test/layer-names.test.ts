import type { FabricObject } from 'fabric';
import { boundVariables, layerName } from '../src/pages/templates/canvas/layer-names.js';

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

describe('boundVariables', () => {
  it('is each variable bound to a property of the object, once, in the order bound', () => {
    expect(boundVariables(object({ type: 'Rect' }))).toEqual([]);
    expect(boundVariables(object({ type: 'Rect', variableBindings: {} }))).toEqual([]);
    expect(boundVariables(object({ type: 'Textbox', variableBindings: { text: 'headline' } }))).toEqual(['headline']);
    expect(boundVariables(object({ type: 'Rect', variableBindings: { fill: 'accent', stroke: 'accent', opacity: 'fade' } }))).toEqual([
      'accent',
      'fade',
    ]);
    // A design from elsewhere: nothing that is not a name counts.
    expect(boundVariables(object({ type: 'Rect', variableBindings: { fill: '', stroke: 3 } }))).toEqual([]);
    expect(boundVariables(object({ type: 'Rect', variableBindings: 'fill' }))).toEqual([]);
  });
});
