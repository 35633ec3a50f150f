import type { SourcePath } from '@pressroom/contracts';
import { plural } from '@pressroom/contracts/plural';

export type PathSegment = string | number;

const SEGMENT = /\.?([A-Za-z_$][\w$-]*)|\.(\d+)|\[(\d+)\]|\['([^']*)'\]/y;

/** `data.items[0].name` → ['data', 'items', 0, 'name']. Throws on a malformed path (the contract schema checks it first). */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  SEGMENT.lastIndex = 0;
  while (SEGMENT.lastIndex < path.length) {
    const at = SEGMENT.lastIndex;
    const match = SEGMENT.exec(path);
    if (!match || (at === 0 && path.startsWith('.'))) throw new Error(`Malformed path ${JSON.stringify(path)} at position ${at + 1}`);
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[3] !== undefined) segments.push(Number(match[3]));
    else segments.push(match[4]!);
  }
  return segments;
}

export type Resolved = { found: true; value: unknown } | { found: false; missingAt: string };

/**
 * The value at `path`, or where the path ran into nothing. Only own
 * properties are followed (no `__proto__` or `constructor` tricks); a number
 * segment indexes arrays, and also reads an object key of that name.
 */
export function resolvePath(data: unknown, path: string): Resolved {
  let current: unknown = data;
  let walked = '';
  for (const segment of parsePath(path)) {
    walked += typeof segment === 'number' ? `[${segment}]` : walked === '' ? segment : `.${segment}`;
    if (Array.isArray(current) && typeof segment === 'number') {
      if (segment >= current.length) return { found: false, missingAt: walked };
      current = current[segment];
    } else if (current !== null && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, String(segment))) {
      current = (current as Record<string, unknown>)[String(segment)];
    } else {
      return { found: false, missingAt: walked };
    }
  }
  return { found: true, value: current };
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$-]*$/;

function typeOf(value: unknown): SourcePath['type'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : (typeof value as 'string' | 'number' | 'boolean');
}

function sampleOf(value: unknown): unknown {
  if (Array.isArray(value)) return `[${plural(value.length, 'item')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).length;
    return `{${plural(keys, 'key')}}`;
  }
  if (typeof value === 'string' && value.length > 120) return `${value.slice(0, 117)}...`;
  return value;
}

/**
 * Every path in a JSON document with its type and a short sample value, in
 * document order: what a mapping can point at. Bounded (arrays show their
 * first `maxItems` items, at most `maxPaths` paths) so a huge document stays a
 * readable answer.
 */
export function listPaths(
  data: unknown,
  options: { maxPaths?: number; maxItems?: number; maxDepth?: number } = {},
): { paths: SourcePath[]; truncated: boolean } {
  const maxPaths = options.maxPaths ?? 500;
  const maxItems = options.maxItems ?? 3;
  const maxDepth = options.maxDepth ?? 12;
  const paths: SourcePath[] = [];
  let truncated = false;
  const walk = (value: unknown, path: string, depth: number): void => {
    if (paths.length >= maxPaths) {
      truncated = true;
      return;
    }
    if (path !== '') paths.push({ path, type: typeOf(value), sample: sampleOf(value) });
    if (depth >= maxDepth) return;
    if (Array.isArray(value)) {
      value.slice(0, maxItems).forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
      if (value.length > maxItems) truncated = true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const step = SIMPLE_KEY.test(key) ? (path === '' ? key : `.${key}`) : `['${key.replace(/'/g, '')}']`;
        walk(child, `${path}${step}`, depth + 1);
      }
    }
  };
  walk(data, '', 0);
  return { paths, truncated };
}
