import { z } from 'zod';

export const BATCH_STATUSES = ['pending', 'processing', 'completed', 'partial', 'failed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_FINAL_STATUSES = ['completed', 'partial', 'failed', 'cancelled'] as const;

/**
 * Event `events.batch.completed`: a batch reached a final state. `data` is
 * the contract's; `ownerId` and `templateId` route it (subscriptions, filters).
 * The batch's own webhook URL and secret stay in the database.
 */
export const BatchCompletedEvent = z.object({
  event: z.literal('batch.completed'),
  timestamp: z.string(),
  ownerId: z.string(),
  templateId: z.string(),
  data: z.object({
    batchId: z.string(),
    status: z.enum(BATCH_FINAL_STATUSES),
    totalCount: z.number().int(),
    completedCount: z.number().int(),
    failedCount: z.number().int(),
  }),
});
export type BatchCompletedEvent = z.infer<typeof BatchCompletedEvent>;

/** Notification `batch.wake.<batchId>`: a batch was created; schedulers start it now instead of at their next poll. */
export const BatchWake = z.object({ batchId: z.string() });
export type BatchWake = z.infer<typeof BatchWake>;
