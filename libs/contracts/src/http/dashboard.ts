import { z } from 'zod';
import { refineWhenTyped, ImageFormatOrJpg, Variables, boundedInt, queryInt } from './common.js';
import { LayoutKey, VariableDefinitions } from './template.js';
import { FabricDesign } from './design-schema.js';
import { IMAGE_MAX_SIZE, IMAGE_MIN_SIZE } from './output-limits.js';
import { RENDER_KINDS, RENDER_STATUSES } from './render-views.js';

const previewDimension = boundedInt(IMAGE_MIN_SIZE, IMAGE_MAX_SIZE, { unit: 'px' });

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

/** GET /renders: the one history of every kind, newest first, cursor-paginated. */
export const RenderHistoryQuery = z
  .object({
    kind: z.enum(RENDER_KINDS).optional(),
    templateUid: z.string().min(1).max(100).optional(),
    status: z.enum(RENDER_STATUSES).optional(),
    /** ISO 8601 date or date-time; `from` inclusive, `to` exclusive. */
    from: z.coerce.date().optional(),
    to: z.coerce.date().optional(),
    q: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe(
        'Search: renders whose id, kept request details (such as a page address) or batch row variables contain this text, in any case. Blank: no search.',
      ),
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

/** `progress` event of GET /templates/batch/{id}/events. */
export interface BatchProgressEvent {
  total: number;
  completed: number;
  failed: number;
  cancelled: number;
  status: string;
}
