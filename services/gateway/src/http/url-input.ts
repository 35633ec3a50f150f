import type { Request, RequestHandler } from 'express';
import { assertStorableInput } from './validate.js';

function decodedSegments(path: string): Record<string, string> {
  const segments: Record<string, string> = {};
  path.split('/').forEach((segment, index) => {
    try {
      segments[`segment ${index}`] = decodeURIComponent(segment);
    } catch {
      // Not valid percent-encoding: the router answers it as a bad path.
    }
  });
  return segments;
}

/**
 * The door rule (docs/input-rules.md) for the URL: no query value or path
 * segment may decode to NUL or a lone surrogate (400 validation-error naming it).
 */
export function assertUrlInput(req: Request): void {
  assertStorableInput(req.query, 'query');
  assertStorableInput(decodedSegments(req.path), 'path');
}

/**
 * The URL rule on every route, before any of them looks a value up or stores it.
 * URL renders (`/r/…`) apply it themselves: an <img> gets every error as a
 * transparent image, never a problem body (docs/url-rendering.md).
 */
export const urlInputRule: RequestHandler = (req, _res, next) => {
  if (!req.path.startsWith('/r/')) assertUrlInput(req);
  next();
};
