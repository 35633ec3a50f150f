import { z } from 'zod';
import { batchEnv, commonEnv, portEnv, secretKeyEnv } from '@pressroom/config';

export const gatewayEnv = z.object({
  ...commonEnv,
  ...portEnv(8080),
  ...secretKeyEnv,
  ...batchEnv,
  /** Base of the problem `type` URIs; default `<public base URL>/errors`. */
  PRESSROOM_ERRORS_BASE_URL: z.string().url().optional(),
  /** Largest accepted JSON body (bytes). */
  PRESSROOM_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  /** How long a request waits for its render before answering 202 with the render id. */
  PRESSROOM_RENDER_WAIT_MS: z.coerce.number().int().positive().default(45_000),
  /** How long a verified API key is trusted before it is looked up again. */
  PRESSROOM_AUTH_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
});
export type GatewayEnv = z.infer<typeof gatewayEnv>;

/** Settings the gateway's handlers use, derived once from the environment. */
export interface GatewaySettings {
  publicBaseUrl: string;
  errorsBaseUrl: string;
  maxBodyBytes: number;
  renderWaitMs: number;
  authCacheMs: number;
  /** Largest batch CSV (PRESSROOM_BATCH_CSV_MAX_BYTES); default 5 MiB. */
  csvMaxBytes?: number;
  /** Batch results are kept this long after the batch finishes (PRESSROOM_BATCH_RETENTION); default 7 days. */
  batchRetentionMs?: number;
}

export function gatewaySettings(env: GatewayEnv): GatewaySettings {
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    publicBaseUrl,
    errorsBaseUrl: env.PRESSROOM_ERRORS_BASE_URL ?? `${publicBaseUrl}/errors`,
    maxBodyBytes: env.PRESSROOM_MAX_BODY_BYTES,
    renderWaitMs: env.PRESSROOM_RENDER_WAIT_MS,
    authCacheMs: env.PRESSROOM_AUTH_CACHE_MS,
    csvMaxBytes: env.PRESSROOM_BATCH_CSV_MAX_BYTES,
    batchRetentionMs: env.PRESSROOM_BATCH_RETENTION,
  };
}
