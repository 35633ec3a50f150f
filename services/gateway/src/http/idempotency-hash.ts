import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth, so key order and whitespace do not change the hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 of method + path + canonical body; a body that is not JSON is hashed as raw bytes. */
export function idempotencyRequestHash(method: string, path: string, raw: Buffer): string {
  let canonical: string;
  try {
    canonical = raw.length === 0 ? '{}' : canonicalJson(JSON.parse(raw.toString('utf8')));
  } catch {
    canonical = `raw:${raw.toString('base64')}`;
  }
  return createHash('sha256').update(`${method.toUpperCase()}\n${path}\n${canonical}`).digest('hex');
}

/** 1–255 printable ASCII characters. */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x20-\x7e]{1,255}$/.test(key);
}
