/** A 1-based line and column in the scene's source, where the editor puts its cursor and underline. */
export interface SourcePlace {
  line: number;
  column: number;
}

/** `const meta = {` (exported there or later, with or without a type annotation), up to its opening brace. */
const META_DECLARATION = /\bconst\s+meta\b\s*(?::[^=]*)?=\s*\{/;
const KEY = /^(?:([A-Za-z_$][\w$]*)|"([^"\\]*)"|'([^'\\]*)')\s*:/;

/**
 * Where the scene's `meta` object literal is declared and where each of its own keys (width, fps…) is written, read
 * from the TSX as typed: the meta is read from esbuild's output, whose lines are not the user's, so a message about
 * `meta.width` would otherwise have no place in the editor. A scan, not a parse: it skips strings, template literals
 * and comments and keeps to the object's first level, which is all a meta may be (a plain object literal). Null when
 * the source declares no such literal.
 */
export function metaKeyPlaces(tsx: string): { declaration: SourcePlace; keys: Map<string, SourcePlace> } | null {
  const found = META_DECLARATION.exec(tsx);
  if (!found) return null;
  const placeOf = (offset: number): SourcePlace => {
    const before = tsx.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - before.lastIndexOf('\n') };
  };
  const keys = new Map<string, SourcePlace>();
  let depth = 1;
  // At the first level, a key may start here: after the opening brace or a comma.
  let keyExpected = true;
  for (let i = found.index + found[0].length; i < tsx.length && depth > 0; i++) {
    const c = tsx[i]!;
    if (/\s/.test(c)) continue;
    if (c === '/' && tsx[i + 1] === '/') {
      i = tsx.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && tsx[i + 1] === '*') {
      i = tsx.indexOf('*/', i + 2);
      if (i < 0) break;
      i += 1;
      continue;
    }
    if (depth === 1 && keyExpected) {
      const key = KEY.exec(tsx.slice(i, i + 200));
      keyExpected = false;
      if (key) {
        const name = key[1] ?? key[2] ?? key[3]!;
        if (!keys.has(name)) keys.set(name, placeOf(i));
        i += key[0].length - 1;
        continue;
      }
    }
    if (c === '"' || c === "'" || c === '`') {
      i = endOfString(tsx, i);
      continue;
    }
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 1) keyExpected = true;
  }
  return { declaration: placeOf(found.index), keys };
}

/** The index of the quote closing the string (or template literal) opened at `start`; a `${…}` inside is skipped whole. */
function endOfString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' && c === '$' && text[i + 1] === '{') {
      let depth = 1;
      for (i += 2; i < text.length && depth > 0; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}') depth--;
      }
      i--;
    }
  }
  return text.length;
}
