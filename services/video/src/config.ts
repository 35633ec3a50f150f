import { z } from 'zod';
import { commonEnv, portEnv } from '@pressroom/config';

export const videoEnv = z.object({
  ...commonEnv,
  /** Port of the service's own /health and /metrics server. */
  ...portEnv(8086),
  /** Remotion launches this binary (through a launcher that adds the egress proxy); never a download. */
  CHROMIUM_PATH: z.string().default('/usr/lib/chromium/chromium-headless-shell'),
  /** Whole-render watchdog (bundle server, frames, encoding). */
  PRESSROOM_VIDEO_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  /** Renders at once (each a process with its own Chromium and ffmpeg; one already keeps two cores busy). */
  PRESSROOM_VIDEO_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Per-job directories (each job's TMPDIR, output, Chromium profile); default `<PRESSROOM_DATA_DIR>/video`. */
  PRESSROOM_VIDEO_WORK_DIR: z.string().optional(),
  /** Where the Remotion render bundle is cached (built once per version); default under the system temp dir. */
  PRESSROOM_VIDEO_BUNDLE_DIR: z.string().optional(),
  /** Largest video or audio source a timeline may fetch (refused by its Content-Length before download, cut there while downloading; 200 MB). */
  PRESSROOM_VIDEO_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Downloaded timeline media kept between renders, revalidated by ETag / Last-Modified on every use (1 GiB; 0: off). */
  PRESSROOM_VIDEO_MEDIA_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 * 1024 * 1024),
});
export type VideoEnv = z.infer<typeof videoEnv>;
