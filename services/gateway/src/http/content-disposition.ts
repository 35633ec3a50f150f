/**
 * `text` as part of a file name to save: what file systems refuse or mangle (slashes, colons, quotes, control
 * characters, leading and trailing dots) replaced by hyphens, runs of spaces made one, at most `max` characters.
 * Empty when nothing usable is left (the caller has a fallback).
 */
export function fileNamePart(text: string, max: number): string {
  return text
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\- ]+|[.\- ]+$/g, '')
    .slice(0, max)
    .trim();
}

/**
 * `attachment` with an ASCII `filename` (what older clients read; it must hold no quote or non-ASCII, so the caller
 * passes an id-like name) and the readable name as `filename*` (RFC 6266 / RFC 8187, UTF-8), which browsers prefer
 * over both the plain `filename` and a link's `download` attribute.
 */
export function attachmentDisposition(asciiName: string, readableName: string): string {
  const encoded = encodeURIComponent(readableName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}
