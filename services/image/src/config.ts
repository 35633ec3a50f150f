import { z } from 'zod';
import { browserEnv, commonEnv, portEnv } from '@pressroom/config';

export const imageEnv = z.object({
  ...commonEnv,
  ...browserEnv,
  /** Port of the service's own /health and /metrics server. */
  ...portEnv(8081),
});
export type ImageEnv = z.infer<typeof imageEnv>;
