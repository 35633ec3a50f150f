import type { Response } from 'express';
import type { SubmitOutcome } from '../renders/submit-image-render.js';

/** 200 with the image result, or 202 with the id when the render outlived the wait. */
export function respondWithRender(res: Response, outcome: SubmitOutcome): void {
  if (outcome.state === 'done') {
    res.status(200).json(outcome.result);
    return;
  }
  res.status(202).location(`/image/${outcome.id}`).json({ id: outcome.id, status: 'queued', url: null, createdAt: outcome.createdAt });
}
