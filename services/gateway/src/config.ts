import { z } from 'zod';
import { commonEnv, portEnv } from '@pressroom/config';

export const gatewayEnv = z.object({
  ...commonEnv,
  ...portEnv(8080),
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
}

export function gatewaySettings(env: GatewayEnv): GatewaySettings {
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    publicBaseUrl,
    errorsBaseUrl: env.PRESSROOM_ERRORS_BASE_URL ?? `${publicBaseUrl}/errors`,
    maxBodyBytes: env.PRESSROOM_MAX_BODY_BYTES,
    renderWaitMs: env.PRESSROOM_RENDER_WAIT_MS,
    authCacheMs: env.PRESSROOM_AUTH_CACHE_MS,
  };
}
