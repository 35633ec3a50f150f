import express, { Router } from 'express';
import { ASSET_LIMITS, MAX_UPLOAD_BYTES, inspectUpload } from '@pressroom/assets';
import { AssetListQuery, AssetUploadQuery, newId, paginate } from '@pressroom/contracts';
import { assetUsage, deleteAsset, getAsset, getOwnerPlan, insertAsset, listAssets, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { Storage } from '@pressroom/storage';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { assetView } from '../views/asset-view.js';

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg', ttf: 'ttf', otf: 'otf', woff2: 'woff2' };

function notFound(id: string): ProblemError {
  return new ProblemError('not-found', { detail: `No asset with id ${JSON.stringify(id)} exists for this account.` });
}

/**
 * The asset library. Mounted before the JSON body parser: an upload is the
 * file itself as the raw body (no multipart parser needed), read up to the
 * largest file any plan allows; the caller's plan is checked after.
 */
export function assetRoutes(deps: {
  db: Db;
  storage: Storage;
  publicBaseUrl: string;
  /** A font added or removed: every process forgets the owner's font list (the next render sees it). */
  owners: Pick<OwnerCaches, 'changed'>;
}): Router {
  const router = Router();
  // Sizes as the dashboard states the plans' limits (1 MB = 1,048,576 bytes), with the exact figure beside them.
  const size = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB (${bytes} bytes)`;
  const parseRaw = express.raw({ limit: MAX_UPLOAD_BYTES, type: () => true });
  const rawBody: express.RequestHandler = (req, res, next) =>
    parseRaw(req, res, (error?: unknown) => {
      if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        return next(
          new ProblemError('payload-too-large', {
            detail: `The file is larger than ${size(MAX_UPLOAD_BYTES)}, the largest asset any plan allows.`,
          }),
        );
      }
      next(error);
    });

  defineRoute(router, '/assets', {
    get: handler(async (req, res) => {
      const query = parseOrThrow(AssetListQuery, req.query, 'query');
      const auth = authOf(res);
      const { rows, total } = await listAssets(deps.db, { ownerId: auth.ownerId, ...query });
      // What the library uses against the plan, so the dashboard shows "12 of 50" without a second call.
      const plan = auth.plan ?? (await getOwnerPlan(deps.db, auth.ownerId));
      const limits = ASSET_LIMITS[plan.plan];
      const used = await assetUsage(deps.db, auth.ownerId);
      res.json({
        assets: rows.map((r) => assetView(r, deps.publicBaseUrl)),
        pagination: paginate({ page: query.page, limit: query.limit, total }),
        usage: {
          plan: plan.plan,
          assets: used.assets,
          bytes: used.bytes,
          limits: { assets: limits.maxAssets, bytes: limits.maxTotalBytes, fileBytes: limits.maxFileBytes },
        },
      });
    }),
    post: [
      rawBody,
      handler(async (req, res) => {
        const query = parseOrThrow(AssetUploadQuery, req.query, 'query');
        const auth = authOf(res);
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const plan = auth.plan ?? (await getOwnerPlan(deps.db, auth.ownerId));
        const limits = ASSET_LIMITS[plan.plan];
        if (bytes.length > limits.maxFileBytes) {
          throw new ProblemError('payload-too-large', {
            detail: `The file is ${size(bytes.length)}; the ${plan.plan} plan allows assets of up to ${size(limits.maxFileBytes)}.`,
          });
        }
        const upload = inspectUpload(bytes, { expectedKind: query.kind });
        if (query.family && upload.kind !== 'font') {
          throw new ProblemError('validation-error', {
            detail: '`family` only applies to font uploads.',
            errors: [{ field: 'family', message: 'Only fonts have a family name.' }],
          });
        }
        const id = newId('ast');
        const storageKey = `assets/${id}.${EXTENSIONS[upload.format]}`;
        await deps.storage.put(storageKey, bytes, upload.contentType);
        const result = await insertAsset(
          deps.db,
          {
            id,
            ownerId: auth.ownerId,
            kind: upload.kind,
            format: upload.format,
            name: query.name ?? `${upload.font?.family ?? upload.kind}.${EXTENSIONS[upload.format]}`,
            contentType: upload.contentType,
            sizeBytes: bytes.length,
            storageKey,
            fontFamily: upload.font ? (query.family ?? upload.font.family) : null,
            fontWeight: upload.font?.weight ?? null,
            fontStyle: upload.font?.style ?? null,
          },
          limits,
        );
        if (!result.ok) {
          await deps.storage.delete(storageKey);
          const [code, limit] = result.limit === 'count' ? ['asset_count', limits.maxAssets] : ['asset_bytes', limits.maxTotalBytes];
          throw new ProblemError('plan-limit', {
            detail:
              result.limit === 'count'
                ? `The ${plan.plan} plan allows ${limits.maxAssets} assets; this account has ${result.used.assets}. Delete some first.`
                : `The ${plan.plan} plan allows ${size(limits.maxTotalBytes)} of assets; ${size(result.used.bytes)} are used and this file is ${size(bytes.length)}.`,
            extensions: { code, limit, plan: plan.plan },
          });
        }
        if (result.row.kind === 'font') await deps.owners.changed(auth.ownerId, ['fonts']);
        res.status(201).json({ asset: assetView(result.row, deps.publicBaseUrl) });
      }),
    ],
  });

  defineRoute(router, '/assets/:id', {
    get: handler(async (req, res) => {
      const id = String(req.params.id);
      const row = await getAsset(deps.db, { ownerId: authOf(res).ownerId, id });
      if (!row) throw notFound(id);
      res.json({ asset: assetView(row, deps.publicBaseUrl) });
    }),
    delete: handler(async (req, res) => {
      const id = String(req.params.id);
      const { ownerId } = authOf(res);
      const row = await deleteAsset(deps.db, { ownerId, id });
      if (!row) throw notFound(id);
      if (row.kind === 'font') await deps.owners.changed(ownerId, ['fonts']);
      await deps.storage.delete(row.storageKey);
      res.json({ message: 'Asset deleted', id });
    }),
  });

  return router;
}
