import { z } from 'zod';
import { BATCH_STATUSES } from '../bus/batch.js';

/*
 * What the batch endpoints answer. The gateway builds them (services/gateway/src/batches/start-batch.ts)
 * with these types, and the OpenAPI document shows these schemas.
 */

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');

/** 202 answer of POST /templates/{uid}/batch-render. */
export const BatchStartResponse = z.object({
  batchId: z.string(),
  status: z.literal('pending'),
  totalItems: z.number().int(),
  message: z.string(),
  webhookSecret: z.string().optional().describe('Only with `webhookUrl`, only here: the key of the `batch.completed` signature.'),
});
export type BatchStartResponse = z.infer<typeof BatchStartResponse>;

/**
 * 202 of POST /templates/batch/{batchId}/retry: the new batch of what failed in another, as a started batch is
 * answered. It sends `batch.completed` to the old batch's `webhookUrl`, signed with the same secret (not shown again).
 */
export const BatchRetryResponse = BatchStartResponse.omit({ webhookSecret: true }).extend({
  retryOf: z.string().describe('The batch whose failed items this one renders again.'),
  failedRows: z.number().int().describe("Rows that had a failed item: the new batch's rows, numbered again from 0 in their old order."),
});
export type BatchRetryResponse = z.infer<typeof BatchRetryResponse>;

/** One finished item of GET /templates/batch/{batchId}/results. */
export const BatchItemResult = z.object({
  index: z.number().int().describe('Position of the row in `variableSets` or in the CSV (0-based).'),
  success: z.boolean(),
  url: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  imageId: z.string().nullable().describe('The render (GET /renders/{id}).'),
  layout: z.string().optional().describe('Present when the batch renders several layouts.'),
  variables: z
    .record(z.string(), z.unknown())
    .describe("The row's values as the batch rendered them (from `variableSets`, or the CSV's mapped columns): which row this is."),
});
export type BatchItemResult = z.infer<typeof BatchItemResult>;

/** One entry of GET /batches (the dashboard's batch list): a batch and its counts, without its results. */
export const BatchSummaryView = z.object({
  batchId: z.string(),
  templateId: z.string(),
  templateName: z.string().nullable().describe("The template's name, so a list can show it; null when the template was deleted since."),
  status: z.enum(BATCH_STATUSES),
  format: z.string().describe('The format every item renders in (`png`, `jpeg`, `webp` or `gif`), as the batch was started.'),
  progress: z.number().describe('Finished items (completed, failed or cancelled) in percent of all items, 0–100.'),
  totalItems: z.number().int(),
  completedItems: z.number().int(),
  failedItems: z.number().int(),
  cancelledItems: z.number().int().describe('Items a cancellation stopped before they started.'),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  expiresAt: timestamp.nullable().describe('When the results are deleted (the retention after completion).'),
});
export type BatchSummaryView = z.infer<typeof BatchSummaryView>;

/** GET /templates/batch/{batchId}/results. */
export const BatchResultsView = BatchSummaryView.extend({
  results: z.array(BatchItemResult),
  errors: z.array(BatchItemResult).describe("The failed entries of `results` again (the hosted service's clients read them here)."),
});
export type BatchResultsView = z.infer<typeof BatchResultsView>;

/** GET /batches: the caller's latest batches, newest first. */
export const RecentBatches = z.object({ batches: z.array(BatchSummaryView) });

/** POST /templates/batch/{batchId}/cancel. */
export const BatchCancelled = z.object({
  batchId: z.string(),
  status: z.literal('cancelled'),
  message: z.string().describe('How many items will not render, and how many already rendering will finish.'),
});
export type BatchCancelled = z.infer<typeof BatchCancelled>;
