import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Prefixed, URL-safe random identifiers: `img_8k3...` (120 bits of randomness). */
export type IdPrefix =
  | 'ast'
  | 'img'
  | 'tpl'
  | 'tpv'
  | 'pg'
  | 'acc'
  | 'team'
  | 'inv'
  | 'key'
  | 'gif'
  | 'pdf'
  | 'whk'
  | 'whd'
  | 'bat'
  | 'bnd'
  | 'vid'
  | 'vtp'
  | 'usr'
  | 'uss';

export function newId(prefix: IdPrefix): string {
  const bytes = randomBytes(15);
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `${prefix}_${out}`;
}
