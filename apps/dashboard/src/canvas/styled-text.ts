/**
 * `{{ name }}` filled inside a styled fabric text with its styles kept in place, as the renderer's
 * templating does (libs/templating canvas-text): every code unit carries its style, a placeholder's value
 * takes the style of the placeholder's first character, and the styles are folded back into fabric's
 * format (ranges, or the legacy line/column object) by graphemes, as fabric counts characters.
 */
type Style = Record<string, unknown>;

const NEWLINE = /\r?\n/g;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (line: string) => Array.from(segmenter.segment(line), (s) => s.segment);

function linesOf(text: string): { start: number; text: string }[] {
  const lines: { start: number; text: string }[] = [];
  let start = 0;
  for (const match of text.matchAll(NEWLINE)) {
    lines.push({ start, text: text.slice(start, match.index) });
    start = match.index + match[0].length;
  }
  lines.push({ start, text: text.slice(start) });
  return lines;
}

const isStyle = (value: unknown): value is Style =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;

/** Calls `visit` for each grapheme: its running character index, line, column and code-unit offset. */
function eachGrapheme(text: string, visit: (at: { index: number; line: number; column: number; offset: number; length: number }) => void) {
  let index = -1;
  linesOf(text).forEach((line, lineIndex) => {
    let offset = line.start;
    graphemes(line.text).forEach((grapheme, column) => {
      index++;
      visit({ index, line: lineIndex, column, offset, length: grapheme.length });
      offset += grapheme.length;
    });
  });
}

function expand(text: string, styles: unknown): (Style | null)[] {
  const perUnit: (Style | null)[] = new Array<Style | null>(text.length).fill(null);
  const ranges = Array.isArray(styles)
    ? (styles as { start?: unknown; end?: unknown; style?: unknown }[]).filter(
        (r): r is { start: number; end: number; style: Style } =>
          typeof r?.start === 'number' && typeof r.end === 'number' && r.end > r.start && isStyle(r.style),
      )
    : null;
  const byLine = !ranges && styles && typeof styles === 'object' ? (styles as Record<string, Record<string, unknown> | undefined>) : null;
  eachGrapheme(text, ({ index, line, column, offset, length }) => {
    const candidate = ranges ? ranges.find((r) => r.start <= index && index < r.end)?.style : byLine?.[line]?.[column];
    const style = isStyle(candidate) ? candidate : null;
    for (let i = 0; i < length; i++) perUnit[offset + i] = style;
  });
  return perUnit;
}

function fold(text: string, perUnit: (Style | null)[], asArray: boolean): unknown {
  const ranges: { start: number; end: number; style: Style; key: string }[] = [];
  const byLine: Record<string, Record<string, Style>> = {};
  eachGrapheme(text, ({ index, line, column, offset }) => {
    const style = perUnit[offset];
    if (!style) return;
    if (!asArray) {
      (byLine[line] ??= {})[column] = { ...style };
      return;
    }
    const key = JSON.stringify(style);
    const last = ranges[ranges.length - 1];
    if (last && last.end === index && last.key === key) last.end = index + 1;
    else ranges.push({ start: index, end: index + 1, style: { ...style }, key });
  });
  return asArray ? ranges.map(({ start, end, style }) => ({ start, end, style })) : byLine;
}

/** The text with `replace` applied to each placeholder match, and its styles moved with it. */
export function fillStyledText(
  input: { text: string; styles?: unknown },
  placeholder: RegExp,
  replace: (match: string, name: string) => string,
): { text: string; styles?: unknown } {
  const hasStyles = input.styles !== undefined && input.styles !== null;
  const perUnit = hasStyles ? expand(input.text, input.styles) : [];
  let text = '';
  const styles: (Style | null)[] = [];
  let last = 0;
  for (const match of input.text.matchAll(placeholder)) {
    text += input.text.slice(last, match.index);
    styles.push(...perUnit.slice(last, match.index));
    const value = replace(match[0], match[1]!);
    text += value;
    styles.push(...new Array<Style | null>(value.length).fill(perUnit[match.index] ?? null));
    last = match.index + match[0].length;
  }
  text += input.text.slice(last);
  styles.push(...perUnit.slice(last));
  return hasStyles ? { text, styles: fold(text, styles, Array.isArray(input.styles)) } : { text };
}
