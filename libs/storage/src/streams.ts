import { createReadStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import type { ByteRange, PutBody } from './storage.js';

/** Every put body as a stream (a file is opened lazily; bytes are wrapped, not copied). */
export function bodyStream(body: PutBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) return Readable.from([body], { objectMode: false });
  return createReadStream(body.path);
}

/** Collect a stream; only for objects known to be small (see Storage.get). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Pass through only bytes start..end (inclusive) of a stream, for backends that cannot
 * seek (the JetStream object store streams its chunks from the first one).
 */
export function sliceStream(range: ByteRange): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(range.start - offset, 0);
      const to = Math.min(range.end + 1 - offset, chunk.length);
      offset += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      done();
    },
  });
}
