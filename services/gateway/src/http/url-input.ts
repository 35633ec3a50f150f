import type { Request, RequestHandler } from 'express';
import { assertStorableInput, validationProblem } from './validate.js';

function decodedSegments(path: string): Record<string, string> {
  const segments: Record<string, string> = {};
  path.split('/').forEach((segment, index) => {
    const field = `segment ${index}`;
    try {
      segments[field] = decodeURIComponent(segment);
    } catch {
      // Percent-escapes that are not UTF-8 (`%ED%A0%80`, a lone surrogate): the router would throw a bare error.
      throw validationProblem([{ field, message: 'The path segment is not valid percent-encoded UTF-8.' }], 'path');
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
