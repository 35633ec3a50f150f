import { z } from 'zod';
import { browserEnv, commonEnv, portEnv } from '@pressroom/config';

export const pdfEnv = z.object({
  ...commonEnv,
  ...browserEnv,
  /** Port of the service's own /health and /metrics server. */
  ...portEnv(8085),
  /** Documents of one multi-page render printed at once (each on its own pooled page). */
  PRESSROOM_PDF_PARALLEL_DOCUMENTS: z.coerce.number().int().min(1).max(16).default(2),
});
export type PdfEnv = z.infer<typeof pdfEnv>;
