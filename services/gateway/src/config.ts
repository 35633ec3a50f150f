import { z } from 'zod';
import type { AiProvider } from './ai/chat-completion.js';
import {
  batchEnv,
  bindingEnv,
  commonEnv,
  dashboardDataEnv,
  dashboardEnv,
  dashboardSettings,
  opsPortEnv,
  portEnv,
  secretKeyEnv,
  type DashboardSettings,
} from '@pressroom/config';

export const gatewayEnv = z.object({
  ...commonEnv,
  ...portEnv(8080),
  ...opsPortEnv,
  ...secretKeyEnv,
  ...batchEnv,
  ...bindingEnv,
  ...dashboardEnv,
  ...dashboardDataEnv,
  /** Base of the problem `type` URIs; default `<public base URL>/errors`. */
  PRESSROOM_ERRORS_BASE_URL: z.string().url().optional(),
  /** Browser origins allowed to call the API cross-origin, comma-separated (`*` for any); empty → CORS off (docs/api.md). */
  PRESSROOM_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin.length > 0),
    )
    .pipe(z.array(z.union([z.literal('*'), z.url({ protocol: /^https?$/ })]))),
  /**
   * Which proxies in front are trusted to say the caller's address (`X-Forwarded-For`) and scheme, as Express's
   * `trust proxy`: `false` (default: the connection's own address), `true` (any), a hop count (`1`), or addresses and
   * subnets, comma-separated (`loopback, 10.0.0.0/8`). The per-address sign-in limits and the audit log read it.
   */
  PRESSROOM_TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string => {
      const v = value.trim();
      if (v === 'true' || v === 'false') return v === 'true';
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  /**
   * Idle keep-alive connections stay open this long (ms): longer than the proxy in front
   * (load balancers and nginx ingress idle out at 60 s), so the proxy always closes first (docs/operations.md).
   */
  PRESSROOM_HTTP_KEEPALIVE_MS: z.coerce.number().int().min(1_000).default(65_000),
  /** Largest accepted JSON body (bytes). */
  PRESSROOM_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /** How long a request waits for its render before answering 202 with the render id. */
  PRESSROOM_RENDER_WAIT_MS: z.coerce.number().int().positive().default(45_000),
  /** How long a verified API key is trusted before it is looked up again. */
  PRESSROOM_AUTH_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  /** Requests per minute per owner on GET /r/{uid}.{ext} (docs/url-rendering.md). */
  PRESSROOM_URL_RENDER_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** How long a video render request waits for the file before answering 202 (docs/video.md). */
  PRESSROOM_VIDEO_WAIT_MS: z.coerce.number().int().positive().default(300_000),
  /** Requests per minute per owner on POST /video/templates/{uid}/preview. */
  PRESSROOM_VIDEO_PREVIEW_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** An OpenAI-compatible API for AI operations (POST /video/templates/generate); unset → those answer 501. */
  PRESSROOM_AI_BASE_URL: z.string().url().optional(),
  PRESSROOM_AI_API_KEY: z.string().min(1).optional(),
  PRESSROOM_AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** The model of audio transcriptions (captions from speech, docs/video.md). */
  PRESSROOM_AI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  PRESSROOM_AI_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Per S3 request of a custom storage's test write (PUT /custom-storage). */
  PRESSROOM_CUSTOM_STORAGE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});
export type GatewayEnv = z.infer<typeof gatewayEnv>;

/** Settings the gateway's handlers use, derived once from the environment (whose schema holds every default). */
export interface GatewaySettings {
  publicBaseUrl: string;
  errorsBaseUrl: string;
  /** Origins allowed cross-origin (PRESSROOM_CORS_ORIGINS); empty: CORS off. */
  corsOrigins: string[];
  /** Express's `trust proxy` (PRESSROOM_TRUST_PROXY); false: the connection's own address is the caller's. */
  trustProxy?: boolean | number | string;
  maxBodyBytes: number;
  renderWaitMs: number;
  authCacheMs: number;
  /** Largest batch CSV (PRESSROOM_BATCH_CSV_MAX_BYTES). */
  csvMaxBytes: number;
  /** Batch results are kept this long after the batch finishes (PRESSROOM_BATCH_RETENTION). */
  batchRetentionMs: number;
  /** Limits of a binding's test fetch (PRESSROOM_BINDING_MAX_BYTES, PRESSROOM_BINDING_FETCH_TIMEOUT_MS). */
  bindingMaxBytes: number;
  bindingFetchTimeoutMs: number;
  /** Per-owner requests per minute on URL renders (PRESSROOM_URL_RENDER_PER_MINUTE). */
  urlRenderPerMinute: number;
  /** Video render wait (PRESSROOM_VIDEO_WAIT_MS). */
  videoWaitMs: number;
  /** Per-owner requests per minute on video previews (PRESSROOM_VIDEO_PREVIEW_PER_MINUTE). */
  videoPreviewPerMinute: number;
  /** The AI provider (PRESSROOM_AI_*), or null when not configured. */
  ai: AiProvider | null;
  /** Per-owner template previews per minute (PRESSROOM_PREVIEW_PER_MINUTE). */
  previewPerMinute: number;
  /** Per S3 request of a custom storage's test write (PRESSROOM_CUSTOM_STORAGE_TIMEOUT_MS). */
  customStorageTimeoutMs: number;
  /** Sign-up, sessions, lockout, OIDC and invitation mail (PRESSROOM_SIGNUP_MODE, PRESSROOM_SESSION_TTL, …; docs/auth.md). */
  dashboard?: DashboardSettings;
}

export function gatewaySettings(env: GatewayEnv): GatewaySettings {
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    publicBaseUrl,
    errorsBaseUrl: env.PRESSROOM_ERRORS_BASE_URL ?? `${publicBaseUrl}/errors`,
    corsOrigins: env.PRESSROOM_CORS_ORIGINS,
    trustProxy: env.PRESSROOM_TRUST_PROXY,
    maxBodyBytes: env.PRESSROOM_MAX_BODY_BYTES,
    renderWaitMs: env.PRESSROOM_RENDER_WAIT_MS,
    authCacheMs: env.PRESSROOM_AUTH_CACHE_MS,
    csvMaxBytes: env.PRESSROOM_BATCH_CSV_MAX_BYTES,
    batchRetentionMs: env.PRESSROOM_BATCH_RETENTION,
    bindingMaxBytes: env.PRESSROOM_BINDING_MAX_BYTES,
    bindingFetchTimeoutMs: env.PRESSROOM_BINDING_FETCH_TIMEOUT_MS,
    urlRenderPerMinute: env.PRESSROOM_URL_RENDER_PER_MINUTE,
    videoWaitMs: env.PRESSROOM_VIDEO_WAIT_MS,
    videoPreviewPerMinute: env.PRESSROOM_VIDEO_PREVIEW_PER_MINUTE,
    previewPerMinute: env.PRESSROOM_PREVIEW_PER_MINUTE,
    customStorageTimeoutMs: env.PRESSROOM_CUSTOM_STORAGE_TIMEOUT_MS,
    dashboard: dashboardSettings(env),
    ai:
      env.PRESSROOM_AI_BASE_URL && env.PRESSROOM_AI_API_KEY
        ? {
            baseUrl: env.PRESSROOM_AI_BASE_URL,
            apiKey: env.PRESSROOM_AI_API_KEY,
            model: env.PRESSROOM_AI_MODEL,
            transcriptionModel: env.PRESSROOM_AI_TRANSCRIPTION_MODEL,
            timeoutMs: env.PRESSROOM_AI_TIMEOUT_MS,
          }
        : null,
  };
}
