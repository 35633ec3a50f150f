import { shortenUrl } from '@pressroom/ssrf';
import { RenderCrashedError } from '../errors.js';

/**
 * fabric refused the canvas JSON (an unknown class, a malformed path, …). A
 * RenderCrashedError, so every consumer that maps render errors to problems
 * answers it as `render-failed` (422) with this detail; the pool replaces the
 * page, which after a failed script is the cautious thing anyway.
 */
export class CanvasRenderError extends RenderCrashedError {
  constructor(reason: string) {
    const short = reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
    super(`fabric could not load the canvas: ${reason}`, `FabricJS could not load the canvas JSON: ${short}`);
  }
}

/** A URL as an error message may show it: data: URLs can be megabytes long, and a credential is never shown (`***@`). */
export function describeUrl(url: string): string {
  if (url.startsWith('data:')) {
    const type = /^data:([^;,]*)/.exec(url)?.[1] || 'text/plain';
    return `a data: URL (${type}, ${url.length} characters)`;
  }
  return shortenUrl(url);
}
