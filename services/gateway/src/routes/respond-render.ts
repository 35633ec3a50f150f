import type { Response } from 'express';
import { getRenderById, type Db } from '@pressroom/db';
import type { LayoutFailure } from '@pressroom/render-requests';
import type { LayoutRenderEntry, TemplateRenderOutcome } from '../renders/render-template.js';
import type { ImageRequestOutcome } from '../renders/image-request.js';
import type { TemplatePdfOutcome } from '../renders/submit-pdf-render.js';
import { templateRenderResults } from '../views/template-render-view.js';
import type { SubmitOutcome } from '../renders/submit-image-render.js';
import type { RenderWait } from '../renders/submit-render.js';
import { gifResult, queuedGif } from '../views/gif-view.js';
import { pdfResult } from '../views/pdf-view.js';

/*
 * The one place each kind of render answer is written: 200 with the result
 * once the file is stored, 202 with the id (and a Location to poll) when the
 * render outlived the wait.
 */

/** 202 for a render that outlived the wait: its id, and where to poll it (`location`); `extra` adds a kind's own fields. */
export function respondQueued(
  res: Response,
  pending: { id: string; createdAt: string },
  location: string,
  extra: Record<string, unknown> = {},
): void {
  res
    .status(202)
    .location(location)
    .json({ ...extra, id: pending.id, status: 'queued', url: null, createdAt: pending.createdAt });
}

/** An image: 200 with the image result, or 202 with the id; `extra` adds fields to both (the agent screenshot's `metadata`). */
export function respondWithRender(res: Response, outcome: SubmitOutcome, extra: Record<string, unknown> = {}): void {
  if (outcome.state === 'done') {
    res.status(200).json({ ...outcome.result, ...extra });
    return;
  }
  respondQueued(res, outcome, `/image/${outcome.id}`, extra);
}

/**
 * A template image. One layout: the usual image result. Several:
 * `{renders: [{layout, id, url, status, createdAt, width, height}]}`, 200
 * when all finished within the wait, else 202 (queued ones have `url: null`
 * and appear in GET /image/{id} when done). Both also carry `results`,
 * `errors` and the totals the hosted service's clients read.
 */
export function respondWithTemplateRender(res: Response, rendered: TemplateRenderOutcome, templateUid: string): void {
  if (rendered.kind === 'single') {
    respondWithRender(res, rendered.outcome, { ...templateRenderResults(templateUid, [rendered.entry], []) });
    return;
  }
  respondWithLayouts(res, rendered, templateUid);
}

/** POST /image's answer, whichever way the request went (plain source or a saved template). */
export function respondWithImageRequest(res: Response, rendered: ImageRequestOutcome): void {
  if (rendered.kind === 'plain') respondWithRender(res, rendered.outcome);
  else respondWithTemplateRender(res, rendered, rendered.templateUid);
}

/** Several renders of one template: `renders` plus the client-facing `results`; 202 while any is queued. */
export function respondWithLayouts(
  res: Response,
  rendered: { renders: LayoutRenderEntry[]; errors: LayoutFailure[] },
  templateUid: string,
): void {
  const pending = rendered.renders.some((entry) => entry.status !== 'done');
  res
    .status(pending ? 202 : 200)
    .json({ renders: rendered.renders, ...templateRenderResults(templateUid, rendered.renders, rendered.errors) });
}

/** A template rendered to PDF: one layout answers like POST /pdf/render, several like several image layouts; both with `results`. */
export function respondWithTemplatePdf(res: Response, rendered: TemplatePdfOutcome, templateUid: string): void {
  if (rendered.kind === 'layouts') {
    respondWithLayouts(res, rendered, templateUid);
    return;
  }
  const results = templateRenderResults(templateUid, [rendered.entry], []);
  if (rendered.wait.state === 'pending') {
    respondQueued(res, rendered.wait, `/pdf/${rendered.wait.id}`, { success: true, ...results });
    return;
  }
  res.status(200).json({ ...pdfResult(rendered.wait), ...results });
}

/** A PDF: 200 with the PdfResponse (from what the renderer reported: no read of the row), or 202 with its id. */
export function respondWithPdf(res: Response, wait: RenderWait): void {
  if (wait.state === 'pending') {
    respondQueued(res, wait, `/pdf/${wait.id}`, { success: true });
    return;
  }
  res.status(200).json(pdfResult(wait));
}

/** A GIF: 200 `{gif}`, or 202 with its id, flat and as a `gif` member (what the hosted service's clients read). */
export async function respondWithGif(deps: { db: Db }, res: Response, wait: RenderWait): Promise<void> {
  if (wait.state === 'pending') {
    respondQueued(res, wait, `/gif/${wait.id}`, { uid: wait.id, gif: queuedGif(wait) });
    return;
  }
  const row = await getRenderById(deps.db, wait.id);
  res.status(200).json({ gif: gifResult(row!) });
}
