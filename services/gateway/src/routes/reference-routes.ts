import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from '@pressroom/contracts';
import { ProblemError } from '@pressroom/problem';
import { defineRoute, handler } from '../http/routes.js';
import { REFERENCE_INIT_SCRIPT, referencePage } from '../views/reference-page.js';

/** The Swagger UI files the reference page loads, all from the npm package (no CDN). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** GET /openapi.json, /openapi.yaml and the reference page at /docs. Public. */
export function referenceRoutes(deps: { publicBaseUrl: string }): Router {
  const router = Router();
  // Built on first request, then kept: the document only changes with the code (and start-up stays fast).
  let texts: { json: string; yaml: string } | undefined;
  const built = () => {
    if (!texts) {
      const document = buildOpenApiDocument({ serverUrl: deps.publicBaseUrl });
      texts = { json: JSON.stringify(document), yaml: stringify(document, { aliasDuplicateObjects: false }) };
    }
    return texts;
  };

  defineRoute(router, '/openapi.json', {
    get: (_req, res) => {
      res.type('application/json').setHeader('Cache-Control', 'public, max-age=300').send(built().json);
    },
  });
  defineRoute(router, '/openapi.yaml', {
    get: (_req, res) => {
      res.type('application/yaml').setHeader('Cache-Control', 'public, max-age=300').send(built().yaml);
    },
  });
  defineRoute(router, '/docs', {
    get: (_req, res) => {
      res
        .type('html')
        // Same-origin only: the page, its assets and try-it calls never leave this server.
        .setHeader(
          'Content-Security-Policy',
          "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'",
        )
        .send(referencePage());
    },
  });
  defineRoute(router, '/docs/assets/:file', {
    get: handler(async (req, res) => {
      const name = String(req.params.file);
      if (name === 'init.js') {
        res.type('text/javascript').setHeader('Cache-Control', 'no-cache').send(REFERENCE_INIT_SCRIPT);
        return;
      }
      const type = ASSETS[name];
      if (!type) throw new ProblemError('not-found', { detail: `No reference page asset ${JSON.stringify(name)} exists.` });
      res
        .type(type)
        .setHeader('Cache-Control', 'public, max-age=86400')
        .send(await readFile(join(assetDir, name)));
    }),
  });
  return router;
}
