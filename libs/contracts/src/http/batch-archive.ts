import { z } from 'zod';

/**
 * GET /templates/batch/{id}/archive: `name` names each file after that variable's
 * value in its row (`0007-Jane-Doe.pdf`), as certificates and invoices are filed.
 * The row number stays first, so names stay unique and sort as the rows do.
 */
export const BatchArchiveQuery = z.object({
  name: z.string().trim().min(1, '`name` names a variable of the rows, e.g. `name=recipient`.').max(200).optional(),
});
export type BatchArchiveQuery = z.infer<typeof BatchArchiveQuery>;
