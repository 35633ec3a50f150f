import type { Response } from 'express';
import { getRenderById, type Db } from '@pressroom/db';
import type { TemplateRenderOutcome } from '../renders/render-template.js';
import type { SubmitOutcome } from '../renders/submit-image-render.js';
import type { RenderWait } from '../renders/submit-render.js';
import { gifResult } from '../views/gif-view.js';
import { pdfResult } from '../views/pdf-view.js';

/*
 * The one place each kind of render answer is written: 200 with the result
 * once the file is stored, 202 with the id (and a Location to poll) when the
 * render outlived the wait.
 */

/** An image: 200 with the image result, or 202 with the id. */
export function respondWithRender(res: Response, outcome: SubmitOutcome): void {
  if (outcome.state === 'done') {
    res.status(200).json(outcome.result);
    return;
  }
  res.status(202).location(`/image/${outcome.id}`).json({ id: outcome.id, status: 'queued', url: null, createdAt: outcome.createdAt });
}

/**
 * A template image. One layout: the usual image result. Several:
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

/** A PDF: 200 with the PdfResponse, or 202 with its id. */
export async function respondWithPdf(deps: { db: Db }, res: Response, wait: RenderWait): Promise<void> {
  if (wait.state === 'pending') {
    res
      .status(202)
      .location(`/pdf/${wait.id}`)
      .json({ success: true, id: wait.id, status: 'queued', url: null, createdAt: wait.createdAt });
    return;
  }
  const row = await getRenderById(deps.db, wait.id);
  res.status(200).json(pdfResult(row!));
}

/** A GIF: 200 `{gif}`, or 202 with its id. */
export async function respondWithGif(deps: { db: Db }, res: Response, wait: RenderWait): Promise<void> {
  if (wait.state === 'pending') {
    res.status(202).location(`/gif/${wait.id}`).json({ id: wait.id, uid: wait.id, status: 'queued', url: null, createdAt: wait.createdAt });
    return;
  }
  const row = await getRenderById(deps.db, wait.id);
  res.status(200).json({ gif: gifResult(row!) });
}
