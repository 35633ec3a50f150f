import type { RequestHandler } from 'express';
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
 * segment may decode to NUL or a lone surrogate, on every route, public ones
 * (`/r/{uid}.png?title=…`) included, before a route stores or renders it.
 */
export const urlInputRule: RequestHandler = (req, _res, next) => {
  assertStorableInput(req.query, 'query');
  assertStorableInput(decodedSegments(req.path), 'path');
  next();
};
