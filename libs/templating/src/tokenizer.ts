import { ExpressionError } from './expression-error.js';

export type TokenKind = 'number' | 'string' | 'identifier' | 'keyword' | 'punctuation' | 'operator' | 'end';

export interface Token {
  kind: TokenKind;
  /** Operator or punctuation text, identifier name, keyword (`true` `false` `null`). */
  text: string;
  /** Literal value of number and string tokens. */
  value?: string | number;
  /** 0-based offsets into the source. */
  start: number;
  end: number;
}

const KEYWORDS = new Set(['true', 'false', 'null']);
// Longest first so `===` wins over `==` and `=`.
const OPERATORS = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '!'];
const PUNCTUATION = new Set(['(', ')', '[', ']', ',', '.', '?', ':']);
const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*/uy;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u;
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function fail(source: string, offset: number, detail: string): never {
  throw new ExpressionError({ expression: source, position: offset + 1, detail });
}

function describeChar(char: string): string {
  const code = char.codePointAt(0)!;
  return code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)
    ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : JSON.stringify(char);
}

function readString(source: string, start: number): { value: string; end: number } {
  const quote = source[start]!;
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const char = source[i]!;
    if (char === quote) return { value, end: i + 1 };
    if (char !== '\\') {
      // Copy a run of plain characters at once.
      let j = i + 1;
      while (j < source.length && source[j] !== quote && source[j] !== '\\') j++;
      value += source.slice(i, j);
      i = j;
      continue;
    }
    const next = source[i + 1];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = /^[0-9a-fA-F]{4}/.exec(source.slice(i + 2, i + 6));
      if (!hex) fail(source, i, 'Invalid \\u escape: write \\u followed by four hexadecimal digits.');
      value += String.fromCharCode(parseInt(hex[0], 16));
      i += 6;
      continue;
    }
    value += SIMPLE_ESCAPES[next] ?? next;
    i += 2;
  }
  return fail(source, start, `Unterminated string: the ${quote === '"' ? 'double' : 'single'} quote opened here is never closed.`);
}

/** Split an expression into tokens; the last token is always `end`. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      i++;
      continue;
    }
    if (char === '"' || char === "'") {
      const { value, end } = readString(source, i);
      tokens.push({ kind: 'string', text: source.slice(i, end), value, start: i, end });
      i = end;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = (char >= '0' && char <= '9') || (char === '.' && /\d/.test(source[i + 1] ?? '')) ? NUMBER.exec(source) : null;
    if (number) {
      const end = i + number[0].length;
      if (end < source.length && IDENTIFIER_CHAR.test(source[end]!))
        fail(source, end, `Unexpected ${describeChar(source[end]!)} right after the number ${number[0]}.`);
      tokens.push({ kind: 'number', text: number[0], value: Number(number[0]), start: i, end });
      i = end;
      continue;
    }
    IDENTIFIER.lastIndex = i;
    const identifier = IDENTIFIER.exec(source);
    if (identifier) {
      const end = i + identifier[0].length;
      tokens.push({ kind: KEYWORDS.has(identifier[0]) ? 'keyword' : 'identifier', text: identifier[0], start: i, end });
      i = end;
      continue;
    }
    if (PUNCTUATION.has(char)) {
      tokens.push({ kind: 'punctuation', text: char, start: i, end: i + 1 });
      i++;
      continue;
    }
    const operator = OPERATORS.find((op) => source.startsWith(op, i));
    if (operator) {
      tokens.push({ kind: 'operator', text: operator, start: i, end: i + operator.length });
      i += operator.length;
      continue;
    }
    if (char === '=') fail(source, i, 'Assignment is not allowed; compare with == or ===.');
    if (char === '&' || char === '|') fail(source, i, `Unexpected ${describeChar(char)}; the logical operators are && and ||.`);
    fail(source, i, `Unexpected character ${describeChar(String.fromCodePoint(source.codePointAt(i)!))}.`);
  }
  tokens.push({ kind: 'end', text: '', start: source.length, end: source.length });
  return tokens;
}
