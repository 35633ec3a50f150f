import { z } from 'zod';

/** POST /templates/starters/{key}/copy */
export const StarterCopyRequest = z.object({
  /** Default: the starter's name. */
  name: z.string().trim().min(1).max(200).optional(),
});
export type StarterCopyRequest = z.infer<typeof StarterCopyRequest>;
