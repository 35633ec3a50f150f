import { ProblemError } from '@pressroom/problem';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngThumbnail {
  bytes: Buffer;
  width: number;
  height: number;
}

function refuse(message: string): ProblemError {
  return new ProblemError('validation-error', { detail: `The thumbnail is refused: ${message}`, errors: [{ field: 'image', message }] });
}

/**
 * Decode a `data:image/png;base64,…` thumbnail and check it is a PNG of bounded size before it
 * is stored and served: the signature, then the IHDR chunk (always first) for its dimensions. The
 * pixels are not decoded: browsers do that, and a PNG with a valid header is all we vouch for.
 */
export function readPngThumbnail(dataUrl: string, limits: { bytes: number; maxSide: number }): PngThumbnail {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length > limits.bytes) throw refuse(`it is ${bytes.length} bytes; at most ${limits.bytes} bytes of PNG are accepted.`);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw refuse('it is not a PNG image (no PNG signature and header).');
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > limits.maxSide || height > limits.maxSide) {
    throw refuse(`it is ${width}×${height} pixels; each side must be 1 to ${limits.maxSide} pixels.`);
  }
  return { bytes, width, height };
}
