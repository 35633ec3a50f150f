import { z } from 'zod';
import { browserEnv, commonEnv, portEnv } from '@pressroom/config';
import { gatewayEnv } from '@pressroom/gateway';

/** The embedded process reads the gateway's and the renderer's settings. */
export const embeddedEnv = gatewayEnv.extend({
  ...commonEnv,
  ...browserEnv,
  ...portEnv(8080),
  HOST: z.string().default('0.0.0.0'),
});
export type EmbeddedEnv = z.infer<typeof embeddedEnv>;
