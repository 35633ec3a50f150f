import { Router } from 'express';
import { PROBLEM_KINDS, ProblemError, isProblemSlug } from '@pressroom/problem';
import { escapeHtml } from '@pressroom/templating';
import { defineRoute } from '../http/routes.js';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Pressroom</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#1f2328}code{background:#f3f4f6;padding:.1em .3em;border-radius:4px}</style>
</head><body>${body}</body></html>`;
}

/** GET /errors and /errors/<slug>: the human pages behind every problem `type`. Public. */
export function errorPageRoutes(): Router {
  const router = Router();
  defineRoute(router, '/errors', {
    get: (_req, res) => {
      const items = Object.entries(PROBLEM_KINDS)
        .map(([slug, kind]) => `<li><a href="errors/${slug}"><code>${slug}</code></a> (${kind.status}) ${escapeHtml(kind.title)}</li>`)
        .join('');
      res.type('html').send(page('Error types', `<h1>Error types</h1><ul>${items}</ul>`));
    },
  });
  defineRoute(router, '/errors/:slug', {
    get: (req, res, next) => {
      const slug = String(req.params.slug);
      if (!isProblemSlug(slug)) {
        return next(new ProblemError('not-found', { detail: `No error type ${JSON.stringify(slug)} exists.` }));
      }
      const kind = PROBLEM_KINDS[slug];
      res
        .type('html')
        .send(
          page(
            kind.title,
            `<h1>${escapeHtml(kind.title)}</h1><p>HTTP status <strong>${kind.status}</strong>, type slug <code>${slug}</code>.</p><p>${escapeHtml(kind.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p><p>Every error body is <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and <code>instance</code>.</p>`,
          ),
        );
    },
  });
  return router;
}
