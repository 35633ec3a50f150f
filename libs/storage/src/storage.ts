/** Where rendered files (and spilled inputs) live. Keys are `/`-separated, e.g. `renders/img_x.png`. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface Storage {
  readonly kind: 'disk' | 'nats-object-store';
  /** Write (or overwrite: keys are idempotency keys) an object. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Read an object; null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** Keys must be relative, without `..` segments, of safe characters. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]{0,400}$/.test(key) || key.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
