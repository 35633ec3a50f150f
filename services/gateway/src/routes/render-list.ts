import type { RequestHandler } from 'express';
import { ImageListQuery, paginate } from '@pressroom/contracts';
import { listRenders, type Db, type RenderRow } from '@pressroom/db';
import { authOf } from '../http/auth.js';
import { handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { loadOwnRender } from '../renders/load-own-render.js';

export interface RenderListOptions<V> {
  db: Db;
  /** The `renders.kind` listed. */
  kind: string;
  /** `{<plural>: [...], pagination}` and `{<singular>: {...}}`. */
  plural: string;
  singular: string;
  /** The noun in a 404 ("No GIF with id …"). */
  noun: string;
  view(row: RenderRow): V;
}

/**
 * GET /<kind> and GET /<kind>/{uid} for one kind of render: the caller's own,
 * newest first, `page`/`limit` (or `offset`) with the common pagination
 * object; another account's render is a 404.
 */
export function renderListHandlers<V>(options: RenderListOptions<V>): { list: RequestHandler; one: RequestHandler } {
  return {
    list: handler(async (req, res) => {
      const query = parseOrThrow(ImageListQuery, req.query, 'query');
      const offset = query.offset ?? ((query.page ?? 1) - 1) * query.limit;
      const page = Math.floor(offset / query.limit) + 1;
      const { rows, total } = await listRenders(options.db, {
        ownerId: authOf(res).ownerId,
        kind: options.kind,
        offset,
        limit: query.limit,
      });
      res.json({
        [options.plural]: rows.map((row) => options.view(row)),
        pagination: { ...paginate({ page, limit: query.limit, total }), offset, hasMore: offset + rows.length < total },
      });
    }),
    one: handler(async (req, res) => {
      const { db, kind, noun } = options;
      const row = await loadOwnRender(db, { ownerId: authOf(res).ownerId, id: String(req.params.uid), kind, noun });
      res.json({ [options.singular]: options.view(row) });
    }),
  };
}
