import { z } from 'zod';
import { auditEnv, batchEnv, bindingEnv, commonEnv, portEnv, secretKeyEnv } from '@pressroom/config';

export const schedulerEnv = z.object({
  ...commonEnv,
  ...batchEnv,
  ...secretKeyEnv,
  ...bindingEnv,
  ...auditEnv,
  /** Port of the service's own /health and /metrics server. */
  ...portEnv(8083),
});
export type SchedulerEnv = z.infer<typeof schedulerEnv>;
