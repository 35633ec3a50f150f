import { CanvasTemplating } from './canvas-templating.js';
import { canvasDocument } from './template-fixture.js';

function objectsOf(canvas: Record<string, unknown>): Array<Record<string, unknown>> {
  return canvas.objects as Array<Record<string, unknown>>;
}

describe('CanvasTemplating', () => {
  it('binds properties, fills {{ }} in text and keeps the source document untouched', () => {
    const source = canvasDocument();
    const templating = new CanvasTemplating({ color: '#ff0000', title: 'Ada' });
    const canvas = templating.document(source, 'fabricJSData');
    const [rect, text] = objectsOf(canvas);
    expect(rect).toMatchObject({ type: 'Rect', fill: '#ff0000', originX: 'left', originY: 'top' });
    expect(rect).not.toHaveProperty('variableBindings');
    expect(text).toMatchObject({ text: 'Hi Ada' });
    expect(templating.missing.size).toBe(0);
    expect(templating.bindingErrors).toEqual([]);
    expect((objectsOf(source)[0] as { fill: string }).fill).toBe('#000000');
  });

  it('drops objects whose _if is false or names a missing variable, and records what was missing', () => {
    const templating = new CanvasTemplating({ show: false });
    const canvas = templating.document(
      {
        objects: [
          { type: 'Rect', _if: 'show' },
          { type: 'Circle', _if: 'absent' },
          { type: 'Text', text: '{{ other }}' },
        ],
      },
      'fabricJSData',
    );
    expect(objectsOf(canvas).map((o) => o.type)).toEqual(['Text']);
    expect([...templating.missing].sort()).toEqual(['absent', 'other']);
  });

  it('reports a bound value of the wrong type with the field it came from', () => {
    const templating = new CanvasTemplating({ level: 3 });
    templating.document({ objects: [{ type: 'Rect', variableBindings: { opacity: 'level' } }] }, 'fabricJSData');
    expect(templating.bindingErrors).toEqual([
      { field: 'fabricJSData.objects.0.variableBindings.opacity', message: expect.stringContaining('a number from 0 to 1') },
    ]);
  });

  it('templates groups, clip paths and the background, and drops the fonts list', () => {
    const templating = new CanvasTemplating({ c: 'blue' });
    const canvas = templating.document(
      {
        background: '{{ c }}',
        fonts: [{ family: 'X', url: 'https://example.com/x.woff2' }],
        objects: [{ type: 'Group', objects: [{ type: 'Rect', fill: '{{ c }}', clipPath: { type: 'Circle', _if: 'false' } }] }],
      },
      'fabricJSData',
    );
    expect(canvas.background).toBe('blue');
    expect(canvas).not.toHaveProperty('fonts');
    const inner = (objectsOf(canvas)[0]!.objects as Array<Record<string, unknown>>)[0]!;
    expect(inner.fill).toBe('blue');
    expect(inner).not.toHaveProperty('clipPath');
  });
});
