import { checkCanvasDocument } from './canvas-check.js';

describe('checkCanvasDocument: autoFitMode', () => {
  const textbox = (extra: Record<string, unknown>) => ({ type: 'Textbox', text: 'Ada', autoFit: true, ...extra });

  it('accepts the two modes, and a text without one (wrap, as designs made before it)', () => {
    const document = { objects: [textbox({ autoFitMode: 'wrap' }), textbox({ autoFitMode: 'one-line' }), textbox({})] };
    expect(checkCanvasDocument(document)).toEqual([]);
  });

  it('names the field of an unknown mode, also inside a group', () => {
    const document = {
      objects: [textbox({ autoFitMode: 'single-line' }), { type: 'Group', objects: [textbox({ autoFitMode: 1 })] }],
    };
    expect(checkCanvasDocument(document, 'design')).toEqual([
      { field: 'design.objects.0.autoFitMode', message: 'Expected "wrap" or "one-line" (how an auto-fit text fits its box).' },
      { field: 'design.objects.1.objects.0.autoFitMode', message: expect.stringContaining('"one-line"') },
    ]);
  });
});
