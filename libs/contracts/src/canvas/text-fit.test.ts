import { runInNewContext } from 'node:vm';
import { fitAutoFitText, keepAutoFitWidth, type AutoFitText } from './text-fit.js';

/**
 * A text box with a fixed wrap rule in place of fabric's measuring (fabric is not a dependency here; the
 * renderer's tests and the canvas browser tests fit real Textboxes): by default ten characters of each of
 * the text's own lines per drawn line at any size (`measured`: as many characters as fit the width, 0.6 × the
 * font size each), each line 1.2 × the font size tall, the longest word 0.6 × the font size per character.
 */
function box(options: {
  text: string;
  width: number;
  fontSize: number;
  autoFit?: unknown;
  mode?: unknown;
  max?: unknown;
  fitHeight?: unknown;
  measured?: boolean;
}) {
  const object = {
    autoFit: options.autoFit ?? true,
    autoFitMode: options.mode,
    autoFitMaxFontSize: options.max,
    autoFitHeight: options.fitHeight,
    text: options.text,
    textLines: [] as string[],
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
      const perLine = options.measured ? Math.max(1, Math.floor(this.width / (0.6 * this.fontSize))) : 10;
      this.textLines = options.text
        .split('\n')
        .flatMap((line) =>
          Array.from({ length: Math.max(1, Math.ceil(line.length / perLine)) }, (_, i) => line.slice(i * perLine, (i + 1) * perLine)),
        );
      this.height = this.textLines.length * 1.2 * this.fontSize;
      this.dynamicMinWidth = Math.max(...options.text.split(/[ \n]/).map((word) => word.length)) * 0.6 * this.fontSize;
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

  // 70 characters (its longest word 36) in a 600 px box 108 px tall, from 60 px: wrapping fits it at 27 px
  // (two lines of 37 characters, 65 px; the longest word 583 px wide); one line needs 70 × 0.6 × size ≤ 600 → 14 px.
  const name = 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff von Aschenbrenner III'.padEnd(70, '.');

  it('wraps then shrinks when autoFitMode is absent or wrap (designs made before the mode are unchanged)', () => {
    for (const mode of [undefined, 'wrap']) {
      const text = box({ text: name, width: 600, fontSize: 60, mode, max: 60, fitHeight: 108, measured: true });
      expect(fitAutoFitText(text)).toBe(true);
      expect([text.fontSize, text.textLines.length]).toEqual([27, 2]);
    }
  });

  it('one-line never wraps: shrinks until the whole text fits the box width on one line', () => {
    const text = box({ text: name, width: 600, fontSize: 60, mode: 'one-line', max: 60, fitHeight: 108, measured: true });
    expect(fitAutoFitText(text)).toBe(true);
    expect([text.fontSize, text.textLines.length, text.width, text.coordsSet]).toEqual([14, 1, 600, 1]);
    // A short text keeps the size chosen.
    const short = box({ text: 'Ada Lovelace', width: 600, fontSize: 60, mode: 'one-line', max: 60, fitHeight: 108, measured: true });
    fitAutoFitText(short);
    expect([short.fontSize, short.textLines.length]).toEqual([60, 1]);
  });

  it("one-line keeps the text's own line breaks and still fits the box height", () => {
    // Two own lines of 20 characters: each fits 600 px at 50 px; both lines (2 × 1.2 × size) fit 96 px at 40 px.
    const text = box({
      text: `${'a'.repeat(20)}\n${'b'.repeat(20)}`,
      width: 600,
      fontSize: 60,
      mode: 'one-line',
      max: 60,
      fitHeight: 96,
      measured: true,
    });
    fitAutoFitText(text);
    expect([text.fontSize, text.textLines.length]).toEqual([40, 2]);
  });

  it('one-line stops at 1 (the same least size) when even 1 px wraps', () => {
    const text = box({ text: 'x'.repeat(2000), width: 600, fontSize: 60, mode: 'one-line', max: 60, fitHeight: 108, measured: true });
    fitAutoFitText(text);
    expect(text.fontSize).toBe(1);
  });

  it("treats an unknown autoFitMode as wrap (the renderer's check refuses it before any render)", () => {
    const text = box({ text: name, width: 600, fontSize: 60, mode: 'single', max: 60, fitHeight: 108, measured: true });
    fitAutoFitText(text);
    expect(text.fontSize).toBe(27);
  });

  it('fits the width the design states (autoFitWidth), not the one fabric widened the box to, and clears it', () => {
    // As loaded: fabric widened the 200-px box to the longest word at 60 px (10 × 0.6 × 60 = 360).
    const text = { ...box({ text: 'abcdefghij', width: 360, fontSize: 60, max: 60, fitHeight: 500 }), autoFitWidth: 200 as unknown };
    fitAutoFitText(text);
    expect([text.fontSize, text.width, text.autoFitWidth]).toEqual([33, 200, undefined]);
  });

  it("keepAutoFitWidth copies an auto-fit text's width to autoFitWidth and leaves everything else as it is", () => {
    const design = { objects: [{ type: 'Textbox', autoFit: true, width: 1400 }, { type: 'Textbox', width: 90 }, [1], null] };
    const copied = JSON.parse(JSON.stringify(design, (_key, value: unknown) => keepAutoFitWidth(value))) as typeof design;
    expect(copied.objects).toEqual([
      { type: 'Textbox', autoFit: true, width: 1400, autoFitWidth: 1400 },
      { type: 'Textbox', width: 90 },
      [1],
      null,
    ]);
    expect(design.objects[0]).not.toHaveProperty('autoFitWidth');
  });

  // The renderer puts this function's source alone into the page (libs/browser canvas-page): it must run
  // without this module's scope.
  it('works from its source alone, in a context without this module', () => {
    const standalone = runInNewContext(`(${fitAutoFitText.toString()})`) as typeof fitAutoFitText;
    const text = box({ text: 'abcdefghij klmnopqrs tuvwxyzab', width: 200, fontSize: 12, max: 60, fitHeight: 90 });
    expect(standalone(text)).toBe(true);
    expect(text.fontSize).toBe(25);
    const oneLine = box({ text: name, width: 600, fontSize: 60, mode: 'one-line', max: 60, fitHeight: 108, measured: true });
    standalone(oneLine);
    expect(oneLine.fontSize).toBe(14);
  });
});
