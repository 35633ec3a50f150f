import { z } from 'zod';

/** A public problem carried in bus messages (see @pressroom/problem SerializedProblem). */
export const BusProblem = z.object({
  slug: z.string(),
  detail: z.string(),
  status: z.number().int().optional(),
  code: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type BusProblem = z.infer<typeof BusProblem>;
