import { z } from 'zod';
import { refineWhenTyped, ImageFormatOrJpg, Variables, boundedInt, queryInt, type UserStorageFields } from './common.js';
import { LayoutKey, VariableDefinitions } from './template.js';
import { FabricDesign } from './design-schema.js';

const previewDimension = boundedInt(1, 4000);

/**
 * POST /templates/preview: what the template editor shows while typing. A
 * saved template (`templateUid`), an unsaved design (`html` or `canvas`), or
 * a saved template with an unsaved design over it.
 */
export const TemplatePreviewRequest = z
  .object({
    templateUid: z.string().min(1).max(100).optional(),
    html: z.string().min(1).optional(),
    canvas: FabricDesign.optional(),
    variables: Variables.optional(),
    /** The definitions and strict mode of an unsaved template (a saved one uses its own unless given). */
    variableDefinitions: VariableDefinitions.optional(),
    strictVariables: z.boolean().optional(),
    /** A layout of the template by key, or an explicit size. */
    layout: z.union([LayoutKey, z.object({ width: previewDimension, height: previewDimension })]).optional(),
    /** An explicit size as the hosted service's clients send it (`layout: {width, height}` wins). */
    width: previewDimension.optional(),
    height: previewDimension.optional(),
    format: ImageFormatOrJpg.default('png'),
  })
  .superRefine((body, ctx) => {
    if (body.html !== undefined && body.canvas !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['canvas'], message: 'Give `html` or `canvas`, not both.' });
    }
    if (body.html === undefined && body.canvas === undefined && body.templateUid === undefined) {
      ctx.addIssue({ code: 'custom', path: ['templateUid'], message: 'Give `templateUid`, `html` or `canvas`.' });
    }
  }, refineWhenTyped());
export type TemplatePreviewRequest = z.infer<typeof TemplatePreviewRequest>;

export const RENDER_KINDS = ['image', 'gif', 'pdf', 'video'] as const;
export const RENDER_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;

/** GET /renders: the one history of every kind, newest first, cursor-paginated. */
export const RenderHistoryQuery = z
  .object({
    kind: z.enum(RENDER_KINDS).optional(),
    templateUid: z.string().min(1).max(100).optional(),
    status: z.enum(RENDER_STATUSES).optional(),
    /** ISO 8601 date or date-time; `from` inclusive, `to` exclusive. */
    from: z.coerce.date().optional(),
    to: z.coerce.date().optional(),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().min(1).max(200).optional(),
    limit: queryInt({ min: 1, max: 100, default: 30 }),
  })
  .superRefine(
    (query, ctx) => {
      if (query.from && query.to && query.from >= query.to) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must be after `from`.' });
      }
    },
    refineWhenTyped('from', 'to'),
  );
export type RenderHistoryQuery = z.infer<typeof RenderHistoryQuery>;

/** One entry of GET /renders. */
export interface RenderHistoryItem extends UserStorageFields {
  id: string;
  kind: string;
  status: string;
  templateUid: string | null;
  format: string;
  createdAt: string;
  completedAt: string | null;
  durationMs: number | null;
  url: string | null;
  /** An image to show in a list: the render itself for images and GIFs, the poster frame for videos (null for PDFs). */
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  error: { slug: string; title: string; detail: string } | null;
}

/** `progress` event of GET /templates/batch/{id}/events. */
export interface BatchProgressEvent {
  total: number;
  completed: number;
  failed: number;
  cancelled: number;
  status: string;
}
