import { extname } from 'node:path';

/**
 * Fallback only: used when a disk object has lost its sidecar (copied in by hand,
 * or a crash between the two renames of a first put). The sidecar is the source of truth.
 */
const byExtension: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFromKey(key: string): string {
  return byExtension[extname(key).toLowerCase()] ?? 'application/octet-stream';
}
