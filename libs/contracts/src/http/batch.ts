import { z } from 'zod';
import { refineWhenTyped, Variables, boundedInt } from './common.js';
import { LayoutKey } from './template.js';

export * from './batch-csv.js';
export * from './batch-archive.js';
export * from './batch-views.js';

export const BATCH_MAX_VARIABLE_SETS = 100;
export const BATCH_MAX_CONCURRENCY = 10;
export const BATCH_DEFAULT_CONCURRENCY = 5;
export const BATCH_MAX_LAYOUTS = 20;

/** Items per job and batches running at once, by plan (`null`: unlimited). */
export const BATCH_PLAN_LIMITS: Record<string, { itemsPerJob: number; concurrentBatches: number | null }> = {
  free: { itemsPerJob: 10, concurrentBatches: 1 },
  pro: { itemsPerJob: 100, concurrentBatches: 3 },
  business: { itemsPerJob: 1_000, concurrentBatches: 10 },
  enterprise: { itemsPerJob: 10_000, concurrentBatches: null },
};

export function batchLimitsOf(plan: string): { itemsPerJob: number; concurrentBatches: number | null } {
  return BATCH_PLAN_LIMITS[plan] ?? BATCH_PLAN_LIMITS.free!;
}

/** The batch `format` that renders each item as an animated GIF (the hosted service's clients offer it). */
export const BATCH_GIF = 'gif';

/** POST /templates/{uid}/batch-render: rows (`variableSets`) or a CSV (`csvUrl` + `mappings`). */
export const BatchRenderRequest = z
  .object({
    variableSets: z
      .array(Variables, { error: 'Expected an array of variable objects' })
      .min(1, 'Give at least one variable set.')
      .max(BATCH_MAX_VARIABLE_SETS, `At most ${BATCH_MAX_VARIABLE_SETS} variable sets per request; use csvUrl for more rows.`)
      .optional(),
    csvUrl: z.string().min(1).max(2048).optional(),
    /** Template variable → CSV column. Omitted: every column feeds the variable of the same name. */
    mappings: z.record(z.string().min(1).max(200), z.string().min(1).max(200)).optional(),
    /** An image format (`jpg` means `jpeg`), or `gif`: each item an animated GIF of the template. */
    format: z.preprocess((v) => (v === 'jpg' ? 'jpeg' : v), z.enum(['png', 'jpeg', 'webp', BATCH_GIF])).default('png'),
    quality: z.number().min(0.1).max(1).default(0.9),
    layout: LayoutKey.optional(),
    layouts: z.array(LayoutKey).min(1).max(BATCH_MAX_LAYOUTS).optional(),
    concurrency: boundedInt(1, BATCH_MAX_CONCURRENCY).default(BATCH_DEFAULT_CONCURRENCY),
    /** Receives `batch.completed`, signed with the `webhookSecret` of the start response. */
    webhookUrl: z.string().min(1).max(2048).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.variableSets === undefined) === (body.csvUrl === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.variableSets === undefined ? 'variableSets' : 'csvUrl'],
        message:
          body.variableSets === undefined ? 'One of `variableSets` or `csvUrl` is required.' : 'Give `variableSets` or `csvUrl`, not both.',
      });
    }
    if (body.mappings !== undefined && body.csvUrl === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mappings'], message: '`mappings` belongs to CSV mode (`csvUrl`).' });
    }
    if (body.layout !== undefined && body.layouts !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['layouts'], message: 'Give `layout` or `layouts`, not both.' });
    }
    if (body.layouts !== undefined && new Set(body.layouts).size !== body.layouts.length) {
      ctx.addIssue({ code: 'custom', path: ['layouts'], message: 'Each layout may appear once.' });
    }
  }, refineWhenTyped('layouts'));
export type BatchRenderRequest = z.infer<typeof BatchRenderRequest>;
