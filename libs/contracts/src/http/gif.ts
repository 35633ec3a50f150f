import { z } from 'zod';
import { refineWhenTyped, requireOneSource, Variables, type UserStorageFields } from './common.js';
import { numberBound } from '../issue-messages.js';
import { GIF_CONTROL_FIELDS, checkRenderControls } from './render-controls.js';
import { GIF_DEFAULT_QUALITY, GIF_MAX_SIZE, GIF_MIN_SECONDS, GIF_MIN_SIZE, GIF_QUALITY_PRESETS } from './output-limits.js';
import type { RenderOrigin } from '../bus/render-origin.js';

export { GIF_DEFAULT_QUALITY, GIF_MAX_SIZE, GIF_MIN_SECONDS, GIF_MIN_SIZE, GIF_QUALITY_PRESETS };

export const GifQuality = z.enum(['low', 'medium', 'high']);
export type GifQuality = z.infer<typeof GifQuality>;

export const GIF_CAPTURE_MIN_SECONDS = 1;
export const GIF_CAPTURE_MAX_SECONDS = 30;
export const GIF_CAPTURE_DEFAULT_SECONDS = 3;
/**
 * The published API's defaults for POST /gif and /gif/capture (800 x 600). The
 * contract lists width and height as required on POST /gif, but the hosted
 * service's clients omit them and the reference OpenAPI defaults them, so both work.
 */
export const GIF_DEFAULT_WIDTH = 800;
export const GIF_DEFAULT_HEIGHT = 600;
/** Render credits of a live capture (`POST /gif/capture`); every other render costs 1. */
export const GIF_CAPTURE_COST = 1.5;

function gifDimension(name: 'width' | 'height') {
  return z
    .number({
      error: () => `\`${name}\` must be an integer from ${GIF_MIN_SIZE} to ${GIF_MAX_SIZE}.`,
    })
    .min(GIF_MIN_SIZE, numberBound({ small: true, limit: GIF_MIN_SIZE, unit: 'px' }))
    .max(GIF_MAX_SIZE, numberBound({ small: false, limit: GIF_MAX_SIZE, unit: 'px' }))
    .refine(Number.isInteger, { message: 'Must be a whole number' });
}

/** `frameDurationSeconds` may not exceed the chosen preset's maximum. */
function withinPreset(body: { quality?: unknown; frameDurationSeconds?: unknown }, ctx: z.RefinementCtx): void {
  const quality = GifQuality.safeParse(body.quality);
  if (!quality.success || typeof body.frameDurationSeconds !== 'number') return;
  const preset = GIF_QUALITY_PRESETS[quality.data];
  if (body.frameDurationSeconds > preset.maxSeconds) {
    const better = (Object.keys(GIF_QUALITY_PRESETS) as GifQuality[]).find(
      (q) => GIF_QUALITY_PRESETS[q].maxSeconds >= (body.frameDurationSeconds as number),
    );
    ctx.addIssue({
      code: 'custom',
      path: ['frameDurationSeconds'],
      message: `Quality \`${quality.data}\` captures at most ${preset.maxSeconds} s${better ? `; use quality \`${better}\` for up to ${GIF_QUALITY_PRESETS[better].maxSeconds} s` : ''}.`,
    });
  }
}

/** POST /gif: an animated page (CSS and Web Animations are stepped frame by frame). */
export const GifRequest = z
  .object({
    html: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    template: z.string().min(1).optional(),
    variables: Variables.optional(),
    width: gifDimension('width').default(GIF_DEFAULT_WIDTH),
    height: gifDimension('height').default(GIF_DEFAULT_HEIGHT),
    quality: GifQuality.default(GIF_DEFAULT_QUALITY),
    /** Seconds of animation to capture; default: the page's longest animation, capped at the preset's maximum. */
    frameDurationSeconds: z.number().min(GIF_MIN_SECONDS).optional(),
    ...GIF_CONTROL_FIELDS,
  })
  .superRefine((body, ctx) => {
    checkRenderControls(body, ctx, { format: 'gif', maxSide: GIF_MAX_SIZE });
    const names = ['html', 'url', 'template'] as const;
    requireOneSource(ctx, { given: names.filter((k) => body[k] !== undefined), names, missingPath: 'html' });
    withinPreset(body, ctx);
  }, refineWhenTyped());
export type GifRequest = z.infer<typeof GifRequest>;

/** POST /gif/capture: records a live page in real time. */
export const GifCaptureRequest = z
  .object({
    url: z.string({ error: (issue) => (issue.input === undefined ? '`url` is required.' : undefined) }).min(1),
    width: gifDimension('width').default(GIF_DEFAULT_WIDTH),
    height: gifDimension('height').default(GIF_DEFAULT_HEIGHT),
    quality: GifQuality.default(GIF_DEFAULT_QUALITY),
    frameDurationSeconds: z.number().min(GIF_CAPTURE_MIN_SECONDS).max(GIF_CAPTURE_MAX_SECONDS).default(GIF_CAPTURE_DEFAULT_SECONDS),
    selector: z.string().min(1).max(1000).optional(),
    waitForSelector: z.string().min(1).max(1000).optional(),
  })
  .superRefine(withinPreset, refineWhenTyped());
export type GifCaptureRequest = z.infer<typeof GifCaptureRequest>;

/** The `gif` object of POST /gif, POST /gif/capture and GET /gif/{uid}. */
export interface GifResult extends UserStorageFields {
  url: string;
  uid: string;
  width: number;
  height: number;
  /** Seconds: the sum of the frame delays. */
  animationLength: number;
  frames: number;
  fps: number;
  quality: GifQuality;
  createdAt: string;
}

/** An entry of GET /gif and the `gif` of GET /gif/{uid}. */
export interface GifEntry extends UserStorageFields {
  uid: string;
  id: string;
  url: string | null;
  status: 'queued' | 'rendering' | 'done' | 'failed';
  width: number;
  height: number;
  animationLength: number | null;
  frames: number | null;
  fps: number | null;
  quality: GifQuality | null;
  /** `capture`: POST /gif/capture; `batch`: an item of a batch job. */
  source: RenderOrigin;
  templateId: string | null;
  /** Render credits: 1, or 1.5 for a live capture. */
  cost: number;
  createdAt: string;
  completedAt: string | null;
  error: { slug: string; detail: string } | null;
}
