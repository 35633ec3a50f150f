import { ExpressionError, evaluateCanvasExpression, renderCanvasText, replaceCanvasText } from './index.js';

const bold = { fontWeight: 'bold' };
const red = { fill: '#ff0000' };

/** The characters (graphemes, newlines skipped) a range list styles, as fabric counts them. */
function styledChars(text: string, styles: Array<{ start: number; end: number; style: unknown }>): Array<[string, unknown]> {
  const chars = Array.from(
    new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.replace(/\r?\n/g, '')),
    (s) => s.segment,
  );
  return styles.flatMap((r) => chars.slice(r.start, r.end).map((c) => [c, r.style] as [string, unknown]));
}

describe('renderCanvasText', () => {
  it('keeps a bold range after the placeholder on the same characters (range form)', () => {
    // "Hello {{name}}!\nBye": graphemes without the newline: "Hello {{name}}!Bye"; "!" is 14, "Bye" 15–18.
    const input = {
      text: 'Hello {{name}}!\nBye',
      styles: [
        { start: 14, end: 15, style: bold },
        { start: 15, end: 18, style: red },
      ],
    };
    const out = renderCanvasText(input, { name: 'Ann' });
    expect(out.text).toBe('Hello Ann!\nBye');
    expect(out.styles).toEqual([
      { start: 9, end: 10, style: bold },
      { start: 10, end: 13, style: red },
    ]);
    expect(styledChars(out.text, out.styles as never)).toEqual([
      ['!', bold],
      ['B', red],
      ['y', red],
      ['e', red],
    ]);
    expect(out.missing).toEqual([]);
    // A plain string replace would have left the ranges on "Bye" shifted onto other characters.
    const naive = styledChars(input.text.replace('{{name}}', 'Ann'), input.styles);
    expect(naive).not.toEqual(styledChars(out.text, out.styles as never));
  });

  it('gives the printed value the style of its placeholder', () => {
    const input = { text: 'Hi {{name}} there', styles: [{ start: 3, end: 11, style: bold }] };
    const out = renderCanvasText(input, { name: 'Bartholomew' });
    expect(out.text).toBe('Hi Bartholomew there');
    expect(
      styledChars(out.text, out.styles as never)
        .map(([c]) => c)
        .join(''),
    ).toBe('Bartholomew');
  });

  it('handles the legacy line/char object form', () => {
    const input = { text: '{{a}}\nx{{b}}y', styles: { 1: { 0: bold, 6: red } } };
    const out = renderCanvasText(input, { a: 'first line', b: 'LONG' });
    expect(out.text).toBe('first line\nxLONGy');
    expect(out.styles).toEqual({ 1: { 0: bold, 5: red } });
  });

  it('counts graphemes as fabric does (emoji and combining marks are one character)', () => {
    const input = {
      text: '👩‍👩‍👧 {{x}} é!',
      styles: [
        { start: 0, end: 1, style: red },
        { start: 8, end: 9, style: bold },
      ],
    };
    // graphemes: [👩‍👩‍👧][ ][{][{][x][}][}][ ][é][!] → "!" is 9? no: index 8 is "é" (e + U+0301).
    const out = renderCanvasText({ ...input, text: input.text.replace('é', 'e\u0301') }, { x: 'ok' });
    expect(out.text).toBe('👩‍👩‍👧 ok e\u0301!');
    expect(styledChars(out.text, out.styles as never)).toEqual([
      ['👩‍👩‍👧', red],
      ['e\u0301', bold],
    ]);
  });

  it('expands a value with a line break without styling the break, and leaves missing placeholders literal with their styles', () => {
    const input = {
      text: '{{lines}} {{nope}}',
      styles: [
        { start: 0, end: 9, style: bold },
        { start: 10, end: 18, style: red },
      ],
    };
    const out = renderCanvasText(input, { lines: 'a\nb' });
    expect(out.text).toBe('a\nb {{nope}}');
    expect(out.missing).toEqual(['nope']);
    expect(styledChars(out.text, out.styles as never)).toEqual([['a', bold], ['b', bold], ...'{{nope}}'.split('').map((c) => [c, red])]);
  });

  it('evaluates expressions and leaves texts without placeholders or styles alone', () => {
    expect(renderCanvasText({ text: '{{ uppercase(name) }}' }, { name: 'ann' })).toEqual({ text: 'ANN', missing: [] });
    const plain = { text: 'no placeholders', styles: [{ start: 0, end: 2, style: bold }] };
    expect(renderCanvasText(plain, {})).toEqual({ ...plain, missing: [] });
    expect(() => renderCanvasText({ text: '{{ 1 + }}' }, {})).toThrow(ExpressionError);
  });
});

describe('replaceCanvasText', () => {
  it('replaces the whole text in the style of its first character', () => {
    const out = replaceCanvasText({ text: 'Title\nSub', styles: [{ start: 0, end: 5, style: bold }] }, 'New title');
    expect(out).toEqual({ text: 'New title', styles: [{ start: 0, end: 9, style: bold }] });
  });
});

describe('evaluateCanvasExpression', () => {
  it('evaluates expressions and reports a missing bare variable instead of failing', () => {
    expect(evaluateCanvasExpression('{{ price * 2 }}', { price: 4 })).toEqual({ found: true, value: 8 });
    expect(evaluateCanvasExpression('user.name', { user: { name: 'Ann' } })).toEqual({ found: true, value: 'Ann' });
    expect(evaluateCanvasExpression('showBadge', {})).toEqual({ found: false, missing: 'showBadge' });
    expect(() => evaluateCanvasExpression('nope + 1', {})).toThrow(ExpressionError);
  });
});
