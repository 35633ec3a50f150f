import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Signing secrets must be recoverable (an HMAC needs the key itself), so they
 * are stored sealed with a server key instead of hashed: AES-256-GCM, a fresh
 * 96-bit nonce per value, the key derived from PRESSROOM_SECRET_KEY with HKDF.
 * A database dump alone reveals no secret; a wrong key fails loudly.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSecretBox(serverKey: string): SecretBox {
  if (serverKey.length < 16) throw new Error('the server secret key must have at least 16 characters');
  const key = Buffer.from(hkdfSync('sha256', serverKey, 'pressroom', 'signing-secrets', 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('cannot open a sealed secret: PRESSROOM_SECRET_KEY differs from the key it was sealed with');
      }
    },
  };
}

/** A new signing secret: `whsec_` and 32 random bytes (base64url). The whole string is the HMAC key. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The embedded mode's server key when PRESSROOM_SECRET_KEY is unset: 32
 * random bytes generated on first start and kept (mode 0600) in `path`, so
 * secrets survive restarts. Without a path (in-memory database) the key lives
 * as long as the process, like the data.
 */
export async function localSecretKey(path: string | undefined): Promise<string> {
  if (!path) return randomBytes(32).toString('hex');
  const existing = await readFile(path, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 16) return existing.trim();
  await mkdir(dirname(path), { recursive: true });
  const key = randomBytes(32).toString('hex');
  await writeFile(path, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await chmod(path, 0o600).catch(() => {});
  // Another starter may have won the race: whatever is on disk is the key.
  return (await readFile(path, 'utf8')).trim();
}
