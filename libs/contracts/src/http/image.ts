import { z } from 'zod';
import {
  refineWhenTyped,
  requireOneSource,
  FileExtension,
  Variables,
  boundedInt,
  formatOfExtension,
  type UserStorageFields,
} from './common.js';
import { CAPTURE_MAX_DEVICE_PIXELS, RENDER_CONTROL_FIELDS, checkRenderControls } from './render-controls.js';
import { LayoutKey, RenderLayouts } from './template.js';
import type { RenderOrigin } from '../bus/render-origin.js';

import { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE } from './output-limits.js';

export { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE };

export const IMAGE_DEFAULT_WIDTH = 1200;
export const IMAGE_DEFAULT_HEIGHT = 630;

/** Optional here: with `template`, the template's own size is the default. */
const dimension = boundedInt(IMAGE_MIN_SIZE, IMAGE_MAX_SIZE, { unit: 'px' }).optional();

/** POST /image */
export const ImageRequest = z
  .object({
    html: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    template: z.string().min(1).optional(),
    variables: Variables.optional(),
    width: dimension,
    height: dimension,
    selector: z.string().min(1).max(1000).optional(),
    fileExtension: FileExtension.default('png'),
    /** 0–1, used for jpeg and webp. */
    quality: z.number().min(0).max(1).optional(),
    /** With `template`: render this layout variant (default: the template itself). */
    layout: LayoutKey.optional(),
    /** With `template`: one render per layout; the answer is `{renders: [...]}`. */
    layouts: RenderLayouts.optional(),
    ...RENDER_CONTROL_FIELDS,
  })
  .superRefine((body, ctx) => {
    checkRenderControls(body, ctx, { format: formatOfExtension(body.fileExtension), maxSide: CAPTURE_MAX_DEVICE_PIXELS });
    for (const key of ['layout', 'layouts'] as const) {
      if (body[key] !== undefined && body.template === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: `\`${key}\` applies only to template renders (with \`template\`).` });
      }
    }
    if (body.layout !== undefined && body.layouts !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['layouts'], message: 'Give `layout` or `layouts`, not both.' });
    }
    const names = ['html', 'url', 'template'] as const;
    requireOneSource(ctx, { given: names.filter((k) => body[k] !== undefined), names, missingPath: 'html' });
  }, refineWhenTyped());
export type ImageRequest = z.infer<typeof ImageRequest>;

/**
 * POST /image/og-image: a saved template rendered as a social card, with the usual card fields
 * as its variables (`heading`, `description`, `logo`); fields left out are not passed.
 */
export const OgImageRequest = z.object({
  template: z.string().min(1),
  heading: z.string().max(10_000).optional(),
  description: z.string().max(10_000).optional(),
  logo: z.url({ protocol: /^https?$/, error: 'logo must be an http(s) URL.' }).optional(),
  fileExtension: FileExtension.default('png'),
});
export type OgImageRequest = z.infer<typeof OgImageRequest>;

/** POST /image/agent-screenshot: an AI-chosen page and element, screenshotted (docs/api.md). */
export const AgentScreenshotRequest = z.object({
  prompt: z.string().trim().min(1).max(2_000),
  width: dimension,
  height: dimension,
  fileExtension: FileExtension.default('png'),
});
export type AgentScreenshotRequest = z.infer<typeof AgentScreenshotRequest>;

/** AI credits one agent screenshot costs (its render is included). */
export const AGENT_SCREENSHOT_AI_COST = 1;

/** 200 answer of POST /image and of template renders. */
export interface ImageResult extends UserStorageFields {
  url: string;
  id: string;
  createdAt: string;
}

/** An entry of GET /image and the body of GET /image/{uid}. */
export interface ImageEntry extends UserStorageFields {
  id: string;
  url: string | null;
  status: 'queued' | 'rendering' | 'done' | 'failed';
  width: number;
  height: number;
  format: string;
  /** `batch`: an item of a batch job; `canvas`: POST /image/canvas; `binding`: a binding refresh (a `GET /r/` render is `template`). */
  source: RenderOrigin;
  templateId: string | null;
  createdAt: string;
  completedAt: string | null;
  error?: { slug: string; detail: string } | null;
}

export const ImageListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).optional(),
});
