import { z } from 'zod';

/** Template previews per owner per minute (the editor's live preview; never charged). */
export const DEFAULT_PREVIEW_PER_MINUTE = 60;
/** How often GET /templates/batch/{id}/events looks at a batch's progress. */
export const DEFAULT_BATCH_EVENTS_POLL_MS = 500;

/** Settings of the endpoints behind the dashboard's data pages (docs/api.md). */
export const dashboardDataEnv = {
  PRESSROOM_PREVIEW_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_PREVIEW_PER_MINUTE),
};
