/**
 * `{{ }}` in fabric text objects (Text, IText, Textbox) without moving their
 * per-character `styles`.
 *
 * fabric serializes styles as ranges `[{start, end, style}]` whose indices
 * count graphemes (Intl.Segmenter, as fabric 7 splits text) and skip line
 * breaks; older JSON uses `{line: {char: style}}`. Replacing `{{name}}` in
 * the text alone would shift every later range. So: expand to one style per
 * UTF-16 code unit, substitute (a printed value takes the style of its
 * placeholder's first character; a placeholder left literal keeps its own),
 * and fold back into the format the input used.
 */
import { stripBraces } from './evaluate-expression.js';
import { evaluateNode, lookupPath } from './evaluator.js';
import { compileExpression } from './parse-cache.js';
import { splitPlaceholders } from './placeholders.js';
import { renderText, type RenderTextOptions } from './render-text.js';
import { Scope } from './scope.js';
import { StepBudget } from './step-budget.js';

export interface StyledText {
  text: string;
  /** fabric `styles`: an array of ranges, the legacy line/char object, or absent. */
  styles?: unknown;
}

type Style = Record<string, unknown>;

/** What replaces one stretch of the original text. */
interface Replacement {
  start: number;
  end: number;
  text: string;
}

const NEWLINE = /\r?\n/g;

let segmenter: Intl.Segmenter | null = null;
function graphemes(line: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(line), (s) => s.segment);
}

/** The text's lines with their offsets, split as fabric splits them (`\r?\n`). */
function linesOf(text: string): Array<{ start: number; text: string }> {
  const lines: Array<{ start: number; text: string }> = [];
  let start = 0;
  for (const match of text.matchAll(NEWLINE)) {
    lines.push({ start, text: text.slice(start, match.index) });
    start = match.index + match[0].length;
  }
  lines.push({ start, text: text.slice(start) });
  return lines;
}

function isStyle(value: unknown): value is Style {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
}

interface Range {
  start: number;
  end: number;
  style: Style;
}

function rangesOf(styles: unknown[]): Range[] {
  const ranges: Range[] = [];
  for (const entry of styles) {
    if (entry === null || typeof entry !== 'object') continue;
    const { start, end, style } = entry as { start?: unknown; end?: unknown; style?: unknown };
    if (typeof start === 'number' && typeof end === 'number' && end > start && isStyle(style)) ranges.push({ start, end, style });
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** One style (or null) per UTF-16 code unit of `text`; line breaks get null. */
function expand(text: string, styles: unknown): Array<Style | null> {
  const perUnit: Array<Style | null> = new Array<Style | null>(text.length).fill(null);
  const ranges = Array.isArray(styles) ? rangesOf(styles) : null;
  const byLine = !ranges && styles !== null && typeof styles === 'object' ? (styles as Record<string, unknown>) : null;
  let charIndex = -1;
  let rangeIndex = 0;
  linesOf(text).forEach((line, lineIndex) => {
    const lineStyles = byLine?.[lineIndex];
    let offset = line.start;
    graphemes(line.text).forEach((grapheme, column) => {
      charIndex++;
      let style: Style | null = null;
      if (ranges) {
        while (rangeIndex < ranges.length && ranges[rangeIndex]!.end <= charIndex) rangeIndex++;
        const range = ranges[rangeIndex];
        if (range && range.start <= charIndex) style = range.style;
      } else if (lineStyles !== null && typeof lineStyles === 'object') {
        const candidate = (lineStyles as Record<string, unknown>)[column];
        if (isStyle(candidate)) style = candidate;
      }
      for (let i = 0; i < grapheme.length; i++) perUnit[offset + i] = style;
      offset += grapheme.length;
    });
  });
  return perUnit;
}

/** Back from per-code-unit styles to fabric's format (a grapheme takes the style of its first code unit). */
function fold(text: string, perUnit: Array<Style | null>, asArray: boolean): unknown {
  const ranges: Array<Range & { key: string }> = [];
  const byLine: Record<string, Record<string, Style>> = {};
  let charIndex = -1;
  linesOf(text).forEach((line, lineIndex) => {
    let offset = line.start;
    graphemes(line.text).forEach((grapheme, column) => {
      charIndex++;
      const style = perUnit[offset] ?? null;
      offset += grapheme.length;
      if (!style) return;
      if (!asArray) {
        (byLine[lineIndex] ??= {})[column] = { ...style };
        return;
      }
      const key = JSON.stringify(style);
      const last = ranges[ranges.length - 1];
      if (last && last.end === charIndex && last.key === key) last.end++;
      else ranges.push({ start: charIndex, end: charIndex + 1, style, key });
    });
  });
  return asArray ? ranges.map(({ start, end, style }) => ({ start, end, style: { ...style } })) : byLine;
}

function substitute(input: StyledText, replacements: Replacement[]): StyledText {
  const hasStyles = Array.isArray(input.styles) ? input.styles.length > 0 : isStyle(input.styles);
  let text = '';
  let cursor = 0;
  for (const r of replacements) {
    text += input.text.slice(cursor, r.start) + r.text;
    cursor = r.end;
  }
  text += input.text.slice(cursor);
  if (!hasStyles) return input.styles === undefined ? { text } : { text, styles: input.styles };

  const before = expand(input.text, input.styles);
  const after: Array<Style | null> = [];
  cursor = 0;
  for (const r of replacements) {
    for (let i = cursor; i < r.start; i++) after.push(before[i]!);
    const original = input.text.slice(r.start, r.end);
    if (r.text === original) {
      for (let i = r.start; i < r.end; i++) after.push(before[i]!);
    } else {
      const style = before[r.start] ?? null;
      for (let i = 0; i < r.text.length; i++) after.push(r.text[i] === '\n' || r.text[i] === '\r' ? null : style);
    }
    cursor = r.end;
  }
  for (let i = cursor; i < input.text.length; i++) after.push(before[i]!);
  return { text, styles: fold(text, after, Array.isArray(input.styles)) };
}

/**
 * Render every `{{ }}` of a text object's text (values printed as they are:
 * no HTML escaping on a canvas) and carry its styles over. Missing bare
 * placeholders stay literal and are listed in `missing`; expression errors
 * throw ExpressionError, as in renderText.
 */
export function renderCanvasText(
  input: StyledText,
  scope: Record<string, unknown>,
  options: Pick<RenderTextOptions, 'steps'> = {},
): StyledText & { missing: string[] } {
  const replacements: Replacement[] = [];
  const missing = new Set<string>();
  let offset = 0;
  for (const segment of splitPlaceholders(input.text)) {
    const raw = segment.kind === 'text' ? segment.text : segment.raw;
    if (segment.kind === 'expression') {
      const rendered = renderText(raw, scope, options.steps ? { steps: options.steps } : {});
      rendered.missing.forEach((name) => missing.add(name));
      replacements.push({ start: offset, end: offset + raw.length, text: rendered.text });
    }
    offset += raw.length;
  }
  if (replacements.length === 0) return { ...input, missing: [] };
  return { ...substitute(input, replacements), missing: [...missing] };
}

/** The whole text replaced by `text` (a variable bound to the text), in the style of the first character. */
export function replaceCanvasText(input: StyledText, text: string): StyledText {
  return substitute(input, [{ start: 0, end: input.text.length, text }]);
}

/**
 * The value of an object-level expression on a canvas (`_if`, a variable
 * binding), with or without braces. As with `_if` in HTML, a bare variable
 * path that is not supplied is not an error: `found: false` (the object keeps
 * its designed value, `_if` counts it as false). Any other failure throws
 * ExpressionError.
 */
export function evaluateCanvasExpression(
  source: string,
  scope: Record<string, unknown>,
  options: Pick<RenderTextOptions, 'steps'> = {},
): { found: true; value: unknown } | { found: false; missing: string } {
  const compiled = compileExpression(stripBraces(source));
  const ctx = { source: compiled.source, scope: Scope.of(scope), budget: options.steps ?? new StepBudget() };
  if (!compiled.bare) return { found: true, value: evaluateNode(compiled.ast, ctx) };
  const found = lookupPath(compiled.ast, ctx);
  return found.found ? { found: true, value: found.value } : { found: false, missing: compiled.source };
}
