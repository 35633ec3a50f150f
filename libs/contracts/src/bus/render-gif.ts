import { z } from 'zod';
import { PageControls } from './page-controls.js';
import { RenderSource } from './render-image.js';

/**
 * Command `render.gif`. `animation`: CSS and Web Animations are paused and
 * stepped frame by frame (deterministic). `recording`: a live page is
 * captured in real time (`POST /gif/capture`).
 */
export const RenderGifCommand = z.object({
  renderId: z.string(),
  accountId: z.string(),
  ownerId: z.string(),
  /** `batch`: an item of a batch rendered with `format: "gif"` (the scheduler settles it). */
  origin: z.enum(['html', 'url', 'template', 'capture', 'batch']),
  templateId: z.string().nullable(),
  mode: z.enum(['animation', 'recording']),
  source: RenderSource,
  width: z.number().int().min(1).max(2000),
  height: z.number().int().min(1).max(2000),
  quality: z.enum(['low', 'medium', 'high']),
  fps: z.number().int().min(1).max(60),
  /** Seconds to capture; null (animation mode only): the page's own animation length. */
  durationSeconds: z.number().positive().nullable(),
  /** The preset's longest capture: caps a detected (or endless) animation. */
  maxDurationSeconds: z.number().positive(),
  /** Recording only: the element to record, and one to wait for before recording. */
  selector: z.string().nullable(),
  waitForSelector: z.string().nullable(),
  /** Animation mode: scale, waits and emulation (absent: every control at its default). */
  controls: PageControls.optional(),
  output: z.object({ storageKey: z.string(), url: z.string() }),
  requestedAt: z.string(),
});
export type RenderGifCommand = z.infer<typeof RenderGifCommand>;
