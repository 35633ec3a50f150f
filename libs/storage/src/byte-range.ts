import type { ByteRange } from './storage.js';

export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * What a `Range` header asks of an object of `size` bytes (RFC 9110 §14). One range only:
 * a multi-range request, another unit or a malformed header is answered with the whole
 * object, which the RFC allows; a range that starts past the end is unsatisfiable (416).
 */
export function resolveRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', range: { start, end } };
}
