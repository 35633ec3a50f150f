import { and, eq, type Column } from 'drizzle-orm';
import { templates } from './schema.js';

/**
 * The template `uid` of `ownerId`: every statement on one template matches it so, never by uid alone. Either side
 * may be another table's column, for a join that names a row's template (a render's, a batch's).
 */
export const ownedTemplate = (input: { ownerId: string | Column; uid: string | Column }) =>
  and(eq(templates.ownerId, input.ownerId), eq(templates.uid, input.uid));
