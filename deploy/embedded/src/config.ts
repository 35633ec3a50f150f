import { z } from 'zod';
import { auditEnv, browserEnv, commonEnv, opsHostEnv, opsPortEnv, portEnv, webhookEnv } from '@pressroom/config';
import { gatewayEnv } from '@pressroom/gateway';
import { gifEnv } from '@pressroom/gif';
import { pdfEnv } from '@pressroom/pdf';
import { videoEnv } from '@pressroom/video-service';

/** The embedded process reads the gateway's and the renderer's settings. */
export const embeddedEnv = gatewayEnv.extend({
  ...commonEnv,
  ...browserEnv,
  ...webhookEnv,
  ...auditEnv,
  ...portEnv(8080),
  ...opsPortEnv,
  ...opsHostEnv,
  HOST: z.string().default('0.0.0.0'),
  PRESSROOM_GIF_PAGES: gifEnv.shape.PRESSROOM_GIF_PAGES,
  PRESSROOM_GIF_TIMEOUT_MS: gifEnv.shape.PRESSROOM_GIF_TIMEOUT_MS,
  PRESSROOM_PDF_PARALLEL_DOCUMENTS: pdfEnv.shape.PRESSROOM_PDF_PARALLEL_DOCUMENTS,
  PRESSROOM_VIDEO_TIMEOUT_MS: videoEnv.shape.PRESSROOM_VIDEO_TIMEOUT_MS,
  PRESSROOM_VIDEO_BUNDLE_DIR: videoEnv.shape.PRESSROOM_VIDEO_BUNDLE_DIR,
  PRESSROOM_VIDEO_MEDIA_MAX_BYTES: videoEnv.shape.PRESSROOM_VIDEO_MEDIA_MAX_BYTES,
  PRESSROOM_VIDEO_MEDIA_CACHE_BYTES: videoEnv.shape.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES,
});
export type EmbeddedEnv = z.infer<typeof embeddedEnv>;

/** Every setting at its default, as the schemas declare it: what `startStack` uses for an option a caller leaves out. */
export const EMBEDDED_DEFAULTS: EmbeddedEnv = embeddedEnv.parse({});
