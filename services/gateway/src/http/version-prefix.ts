import type { RequestHandler } from 'express';

const PREFIX = /^\/v1(?=\/|$|\?)/;

/**
 * The hosted service's docs address the API under `/v1` while its SDKs use no
 * prefix, so both must answer. One rewrite before routing serves every route
 * under both paths without registering any twice. Only one `/v1` is removed:
 * `/v1/v1/image` reaches routing as `/v1/image`, which no route matches (404).
 */
export const versionPrefix: RequestHandler = (req, _res, next) => {
  if (PREFIX.test(req.url)) req.url = req.url.replace(PREFIX, '') || '/';
  if (req.url.startsWith('?')) req.url = `/${req.url}`;
  next();
};
