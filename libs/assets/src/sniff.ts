/** What an uploaded file really is, decided from its bytes (never from the name or the declared type). */
export type AssetFormat = 'png' | 'jpeg' | 'webp' | 'svg' | 'ttf' | 'otf' | 'woff2';
export type AssetKind = 'image' | 'font';

export const CONTENT_TYPES: Record<AssetFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff2: 'font/woff2',
};

export const KIND_OF: Record<AssetFormat, AssetKind> = {
  png: 'image',
  jpeg: 'image',
  webp: 'image',
  svg: 'image',
  ttf: 'font',
  otf: 'font',
  woff2: 'font',
};

const startsWith = (bytes: Buffer, signature: number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (bytes: Buffer, at: number, length: number): string => bytes.subarray(at, at + length).toString('latin1');

/** An SVG is text whose first element is <svg> (after an optional BOM, XML declaration and comments). */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  return /^<svg[\s>]/i.test(rest);
}

/** The format of a file from its magic bytes; null when it is none we accept. */
export function sniffFormat(bytes: Buffer): AssetFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x00, 0x01, 0x00, 0x00]) || ascii(bytes, 0, 4) === 'true') return 'ttf';
  if (ascii(bytes, 0, 4) === 'OTTO') return 'otf';
  if (ascii(bytes, 0, 4) === 'wOF2') return 'woff2';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}
