/** A piece of template text: literal text, or one `{{ expression }}`. */
export type Segment = { kind: 'text'; text: string } | { kind: 'expression'; raw: string; source: string };

/**
 * Split text at `{{ … }}`. The first `}}` closes a placeholder (write
 * `'}' + '}'` to produce braces inside an expression). In a run of opening
 * braces the last two open it, so `{{{name}}}` keeps one brace either side;
 * single braces and `{{` without a closing `}}` stay literal, as do empty
 * placeholders. Linear in the length of the text.
 */
export function splitPlaceholders(text: string): Segment[] {
  const segments: Segment[] = [];
  let literalStart = 0;
  let searchFrom = 0;
  for (;;) {
    let open = text.indexOf('{{', searchFrom);
    if (open === -1) break;
    while (text.charCodeAt(open + 2) === 123 /* { */) open++;
    const close = text.indexOf('}}', open + 2);
    if (close === -1) break;
    const innerOpen = text.lastIndexOf('{{', close - 1);
    if (innerOpen > open) open = innerOpen;
    const source = text.slice(open + 2, close).trim();
    searchFrom = close + 2;
    if (source === '') continue;
    if (open > literalStart) segments.push({ kind: 'text', text: text.slice(literalStart, open) });
    segments.push({ kind: 'expression', raw: text.slice(open, close + 2), source });
    literalStart = close + 2;
  }
  if (literalStart < text.length) segments.push({ kind: 'text', text: text.slice(literalStart) });
  return segments;
}
