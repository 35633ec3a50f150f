import { z } from 'zod';
import { commonEnv, portEnv, secretKeyEnv, webhookEnv } from '@pressroom/config';

export const dispatcherEnv = z.object({
  ...commonEnv,
  ...secretKeyEnv,
  ...webhookEnv,
  /** Port of the service's own /health and /metrics server. */
  ...portEnv(8082),
});
export type DispatcherEnv = z.infer<typeof dispatcherEnv>;
