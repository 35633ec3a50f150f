import { z } from 'zod';

/*
 * GET /renders and GET /renders/{id}: the one history of every kind of render. The gateway's
 * views (services/gateway/src/views/render-history-view.ts) return these types, and the
 * OpenAPI document shows these schemas, so the two cannot drift apart.
 */

export const RENDER_KINDS = ['image', 'gif', 'pdf', 'video'] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];
export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');

/** `userStorageUrl` / `userStorageError`: each only when it has a value (docs/storage.md). */
const userStorageFields = {
  userStorageUrl: z.string().optional().describe("The copy in the owner's custom storage; only when that copy worked."),
  userStorageError: z.string().optional().describe('Why the copy to custom storage failed (the render itself succeeded).'),
};

/** One entry of GET /renders. */
export const RenderHistoryItem = z.object({
  id: z.string(),
  kind: z.enum(RENDER_KINDS),
  status: z.enum(RENDER_STATUSES),
  templateUid: z.string().nullable(),
  templateName: z
    .string()
    .nullable()
    .optional()
    .describe("The template's name, so a list can show it; null when the render had no template or the template was deleted since."),
  format: z.string().describe('`png`, `jpeg`, `webp`, `gif`, `pdf`, `mp4`, `webm`…'),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
  durationMs: z.number().nullable().describe('From creation to completion; null until it finished.'),
  url: z.string().nullable(),
  thumbnailUrl: z
    .string()
    .nullable()
    .describe('An image to show in a list: the render itself for images and GIFs, the poster frame for videos (null for PDFs).'),
  width: z.number().nullable().describe('Null until it is done.'),
  height: z.number().nullable(),
  error: z.object({ slug: z.string(), title: z.string(), detail: z.string() }).nullable(),
  ...userStorageFields,
});
export type RenderHistoryItem = z.infer<typeof RenderHistoryItem>;

/** GET /renders: a cursor-paginated page, newest first. */
export const RenderHistoryPage = z.object({
  items: z.array(RenderHistoryItem),
  pagination: z.object({
    limit: z.number().int(),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null on the last.'),
    hasMore: z.boolean(),
  }),
});
export type RenderHistoryPage = z.infer<typeof RenderHistoryPage>;

/** GET /renders/{id}: the entry plus what was asked, the steps' timings and the failure as a problem. */
export const RenderDetail = RenderHistoryItem.extend({
  parameters: z
    .object({
      origin: z.string().describe('`html`, `url`, `template`, `canvas`, `capture`, `batch` or `binding`.'),
      via: z.enum(['url-render', 'signed-url']).optional().describe('A template render asked for by a `/r/` URL (with a key, or signed).'),
      templateUid: z.string().nullable(),
      format: z.string(),
      width: z.number(),
      height: z.number(),
      cost: z.number().describe('Render credits spent: 1, or 1.5 for a live GIF capture.'),
    })
    // Kind-specific results follow (GIF frames/fps, PDF pageCount/preset/pageSize, a video's posterUrl…).
    .catchall(z.unknown()),
  contentType: z.string().nullable(),
  bytes: z.number().int().nullable().describe("The file's size in bytes; null until it is done, and once the file is gone (retention)."),
  timings: z.object({
    createdAt: timestamp,
    startedAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    queuedMs: z.number().nullable(),
    renderMs: z.number().nullable(),
    totalMs: z.number().nullable(),
  }),
  problem: z
    .object({ type: z.string(), title: z.string(), status: z.number().int(), detail: z.string() })
    .nullable()
    .describe('A failed render: its error as the problem the request would have answered.'),
  batch: z
    .object({
      id: z.string().describe('The batch (GET /templates/batch/{batchId}/results).'),
      index: z.number().int().describe("The row's position in the batch (0-based), as its results' `index`."),
      layout: z.string().optional().describe('Present when the batch renders several layouts.'),
    })
    .optional()
    .describe('Only for a render made by a batch row: which batch and row.'),
});
export type RenderDetail = z.infer<typeof RenderDetail>;
