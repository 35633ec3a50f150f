import { z } from 'zod';
import { browserEnv, commonEnv, portEnv } from '@pressroom/config';

export const gifEnv = z.object({
  ...commonEnv,
  ...browserEnv,
  /** Port of the service's own /health and /metrics server. */
  ...portEnv(8084),
  /** Warm pages of the GIF renderer's own browser (GIFs renders hold a page for seconds). */
  PRESSROOM_GIF_PAGES: z.coerce.number().int().min(1).max(16).default(2),
  /** Whole-GIF time limit (capture + encode). Loading and each frame are bounded by PRESSROOM_RENDER_TIMEOUT_MS. */
  PRESSROOM_GIF_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
});
export type GifEnv = z.infer<typeof gifEnv>;
