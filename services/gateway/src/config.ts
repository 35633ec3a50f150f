import { z } from 'zod';
import { batchEnv, bindingEnv, commonEnv, portEnv, secretKeyEnv } from '@pressroom/config';

export const gatewayEnv = z.object({
  ...commonEnv,
  ...portEnv(8080),
  ...secretKeyEnv,
  ...batchEnv,
  ...bindingEnv,
  /** Base of the problem `type` URIs; default `<public base URL>/errors`. */
  PRESSROOM_ERRORS_BASE_URL: z.string().url().optional(),
  /** Largest accepted JSON body (bytes). */
  PRESSROOM_MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  /** How long a request waits for its render before answering 202 with the render id. */
  PRESSROOM_RENDER_WAIT_MS: z.coerce.number().int().positive().default(45_000),
  /** How long a verified API key is trusted before it is looked up again. */
  PRESSROOM_AUTH_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  /** Requests per minute per owner on GET /r/{uid}.{ext} (docs/url-rendering.md). */
  PRESSROOM_URL_RENDER_PER_MINUTE: z.coerce.number().int().positive().default(120),
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
  /** Limits of a binding's test fetch (PRESSROOM_BINDING_MAX_BYTES, PRESSROOM_BINDING_FETCH_TIMEOUT_MS); defaults 5 MiB, 10 s. */
  bindingMaxBytes?: number;
  bindingFetchTimeoutMs?: number;
  /** Per-owner requests per minute on URL renders (PRESSROOM_URL_RENDER_PER_MINUTE); default 120. */
  urlRenderPerMinute?: number;
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
    bindingMaxBytes: env.PRESSROOM_BINDING_MAX_BYTES,
    bindingFetchTimeoutMs: env.PRESSROOM_BINDING_FETCH_TIMEOUT_MS,
    urlRenderPerMinute: env.PRESSROOM_URL_RENDER_PER_MINUTE,
  };
}
