import type { Response } from 'express';
import { respondWithRender } from '../routes/respond-render.js';
import type { TemplateRenderOutcome } from './render-template.js';

/**
 * One layout: the usual image result (200, or 202 with the id). Several:
 * `{renders: [{layout, id, url, status, createdAt, width, height}]}`, 200
 * when all finished within the wait, else 202 (queued ones have `url: null`
 * and appear in GET /image/{id} when done).
 */
export function respondWithTemplateRender(res: Response, rendered: TemplateRenderOutcome): void {
  if (rendered.kind === 'single') {
    respondWithRender(res, rendered.outcome);
    return;
  }
  const pending = rendered.renders.some((entry) => entry.status !== 'done');
  res.status(pending ? 202 : 200).json({ renders: rendered.renders });
}
