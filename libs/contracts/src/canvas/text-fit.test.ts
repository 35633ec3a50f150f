import { runInNewContext } from 'node:vm';
import { fitAutoFitText, type AutoFitText } from './text-fit.js';

/**
 * A text box with a fixed wrap rule in place of fabric's measuring (fabric is not a dependency here; the
 * renderer's tests and the canvas browser tests fit real Textboxes): ten characters of `text` per line at
 * any size, each line 1.2 × the font size tall, the longest word 0.6 × the font size per character.
 */
function box(options: { text: string; width: number; fontSize: number; autoFit?: unknown; max?: unknown; fitHeight?: unknown }) {
  const object = {
    autoFit: options.autoFit ?? true,
    autoFitMaxFontSize: options.max,
    autoFitHeight: options.fitHeight,
    width: options.width,
    height: 0,
    fontSize: options.fontSize,
    dynamicMinWidth: 0,
    coordsSet: 0,
    set(properties: Record<string, unknown>) {
      Object.assign(this, properties);
      return this;
    },
    initDimensions() {
      const lines = Math.ceil(options.text.length / 10);
      this.height = lines * 1.2 * this.fontSize;
      this.dynamicMinWidth = Math.max(...options.text.split(' ').map((word) => word.length)) * 0.6 * this.fontSize;
    },
    setCoords() {
      this.coordsSet++;
    },
  };
  object.initDimensions();
  return object satisfies AutoFitText;
}

describe('fitAutoFitText', () => {
  it('shrinks from autoFitMaxFontSize to the largest size whose text fits the height and whose words fit the width', () => {
    // 30 characters: 3 lines; 3 × 1.2 × size ≤ 90 → size ≤ 25; longest word 10 × 0.6 × size ≤ 200 → size ≤ 33.
    const text = box({ text: 'abcdefghij klmnopqrs tuvwxyzab', width: 200, fontSize: 12, max: 60, fitHeight: 90 });
    expect(fitAutoFitText(text)).toBe(true);
    expect([text.fontSize, text.width, text.coordsSet]).toEqual([25, 200, 1]);
  });

  it('stops at 1 when nothing fits, and leaves objects without autoFit: true alone', () => {
    const tiny = box({ text: 'x'.repeat(50), width: 1, fontSize: 40, fitHeight: 1 });
    expect(fitAutoFitText(tiny)).toBe(true);
    expect(tiny.fontSize).toBe(1);
    const off = box({ text: 'abc', width: 10, fontSize: 40, autoFit: 'yes', max: 60, fitHeight: 1 });
    expect(fitAutoFitText(off)).toBe(false);
    expect(off.fontSize).toBe(40);
  });

  it('falls back to the current font size and height when the auto-fit fields are not numbers', () => {
    const text = box({ text: 'abcdefghij', width: 1000, fontSize: 30, max: null, fitHeight: '10' });
    const height = text.height;
    expect(fitAutoFitText(text)).toBe(true);
    expect([text.fontSize, text.height]).toEqual([30, height]);
  });

  // The renderer puts this function's source alone into the page (libs/browser canvas-page): it must run
  // without this module's scope.
  it('works from its source alone, in a context without this module', () => {
    const standalone = runInNewContext(`(${fitAutoFitText.toString()})`) as typeof fitAutoFitText;
    const text = box({ text: 'abcdefghij klmnopqrs tuvwxyzab', width: 200, fontSize: 12, max: 60, fitHeight: 90 });
    expect(standalone(text)).toBe(true);
    expect(text.fontSize).toBe(25);
  });
});
