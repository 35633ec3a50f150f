import { getRender, type Db, type RenderRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';

/**
 * The caller's render `id` of one kind, or 404 not-found: another account's render, or one of
 * another kind (a GIF's id asked for as an image), looks missing. GET /{kind}/{uid} and the MCP
 * get_* tools both read renders through here.
 */
export async function loadOwnRender(db: Db, options: { ownerId: string; id: string; kind: string; noun: string }): Promise<RenderRow> {
  const row = await getRender(db, { ownerId: options.ownerId, id: options.id });
  if (!row || row.kind !== options.kind) {
    throw new ProblemError('not-found', { detail: `No ${options.noun} with id ${JSON.stringify(options.id)} exists for this account.` });
  }
  return row;
}
