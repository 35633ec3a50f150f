import { randomBytes } from 'node:crypto';
import { decodeBase64 } from './screenshot-fast-path.js';

describe('decodeBase64 (screenshot bytes decoded slice by slice)', () => {
  it('gives the bytes Buffer.from(…, "base64") gives, for every padding and across slice boundaries', () => {
    const slice = 48 * 1024;
    for (const length of [0, 1, 2, 3, 4, 5, (slice / 4) * 3 - 1, (slice / 4) * 3, (slice / 4) * 3 + 1, 200_000, 900_001]) {
      const bytes = randomBytes(length);
      const encoded = bytes.toString('base64');
      // Inside a message, as in the pipe: the answer's head before it and its tail after it.
      const message = Buffer.from(`{"id":7,"result":{"data":"${encoded}"},"sessionId":"S"}`, 'latin1');
      const from = message.indexOf('"data":"') + 8;
      const decoded = decodeBase64(message, from, from + encoded.length);
      expect(decoded.equals(bytes)).toBe(true);
      expect(decoded.equals(Buffer.from(encoded, 'base64'))).toBe(true);
    }
  });
});
