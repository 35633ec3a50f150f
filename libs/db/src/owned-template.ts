import { and, eq } from 'drizzle-orm';
import { templates } from './schema.js';

/** The template `uid` of `ownerId`: every statement on one template matches it so, never by uid alone. */
export const ownedTemplate = (input: { ownerId: string; uid: string }) =>
  and(eq(templates.ownerId, input.ownerId), eq(templates.uid, input.uid));
