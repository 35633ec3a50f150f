import { z } from 'zod';
import { ImageFormat } from '../http/common.js';
import { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE } from '../http/output-limits.js';
import { PageControls } from './page-controls.js';
import { BusProblem } from './problem.js';

/** A web font a canvas render loads before the canvas JSON (weight and style as CSS strings). */
export const CanvasFontSource = z.object({
  family: z.string(),
  url: z.string(),
  weight: z.string().optional(),
  style: z.string().optional(),
});
export type CanvasFontSource = z.infer<typeof CanvasFontSource>;

/**
 * What to load into the page. Large HTML is spilled to storage by the
 * producer (`stored-html`, `stored-canvas`) so that commands stay under the bus payload limit.
 */
export const RenderSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string(), jsEnabled: z.boolean() }),
  z.object({ kind: z.literal('stored-html'), storageKey: z.string(), jsEnabled: z.boolean() }),
  z.object({ kind: z.literal('url'), url: z.string() }),
]);
export type RenderSource = z.infer<typeof RenderSource>;

/** What an image render draws: a page (RenderSource) or a fabric canvas (images only). */
export const ImageRenderSource = z.discriminatedUnion('kind', [
  ...RenderSource.options,
  /** fabric canvas JSON, already templated by the gateway, and the web fonts to load first. */
  z.object({ kind: z.literal('canvas'), canvas: z.record(z.string(), z.unknown()), fonts: z.array(CanvasFontSource) }),
  /** A large canvas spilled to storage: the JSON `{canvas, fonts}` of the `canvas` variant. */
  z.object({ kind: z.literal('stored-canvas'), storageKey: z.string() }),
]);
export type ImageRenderSource = z.infer<typeof ImageRenderSource>;

/** The stored file a `stored-canvas` source points at (JSON). */
export const StoredCanvas = z.object({ canvas: z.record(z.string(), z.unknown()), fonts: z.array(CanvasFontSource) });
export type StoredCanvas = z.infer<typeof StoredCanvas>;

/** Command `render.image`: render one image. The render id is its idempotency key everywhere. */
export const RenderImageCommand = z.object({
  renderId: z.string(),
  accountId: z.string(),
  ownerId: z.string(),
  /**
   * `batch`: an item of a batch job; `binding`: a binding refresh (the scheduler publishes both);
   * `preview`: the dashboard editor's preview (no events, no thumbnail; the gateway deletes it once read).
   */
  origin: z.enum(['html', 'url', 'template', 'batch', 'canvas', 'binding', 'preview']),
  templateId: z.string().nullable(),
  source: ImageRenderSource,
  width: z.number().int().min(IMAGE_MIN_SIZE).max(IMAGE_MAX_SIZE),
  height: z.number().int().min(IMAGE_MIN_SIZE).max(IMAGE_MAX_SIZE),
  selector: z.string().nullable(),
  format: ImageFormat,
  /** 0–1; applies to jpeg and webp. */
  quality: z.number().min(0).max(1),
  /** Scale, waits, emulation and transparency (absent: every control at its default). */
  controls: PageControls.optional(),
  /** Where the renderer stores the file, and the public URL it is served at. */
  output: z.object({ storageKey: z.string(), url: z.string() }),
  requestedAt: z.string(),
});
export type RenderImageCommand = z.infer<typeof RenderImageCommand>;

/** Notification `render.done.<renderId>`: the outcome the gateway waits for. */
export const RenderOutcome = z.discriminatedUnion('status', [
  z.object({
    renderId: z.string(),
    status: z.literal('done'),
    url: z.string(),
    storageKey: z.string(),
    contentType: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    completedAt: z.string(),
    userStorageUrl: z.string().optional(),
    userStorageError: z.string().optional(),
    /** The facts the row keeps in `details` (a PDF's page count, preset, page size): the waiting request answers without reading the row. */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    renderId: z.string(),
    status: z.literal('failed'),
    problem: BusProblem,
    completedAt: z.string(),
  }),
]);
export type RenderOutcome = z.infer<typeof RenderOutcome>;
