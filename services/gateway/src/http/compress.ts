import compression from 'compression';
import type { RequestHandler } from 'express';

/** Only text worth squeezing: JSON (and problem+json) and HTML; images, PDFs, GIFs and ZIPs are compressed already. */
const COMPRESSIBLE = /^(application\/(problem\+)?json|text\/html)\b/i;

/** gzip or brotli (whichever the client prefers) on JSON and HTML answers of at least 1 KiB. */
export function compress(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (_req, res) => COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')),
  });
}
