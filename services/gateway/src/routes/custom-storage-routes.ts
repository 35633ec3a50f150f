import { Router } from 'express';
import { CustomStoragePut, type CustomStorageResponse } from '@pressroom/contracts';
import {
  deleteCustomStorage,
  getCustomStorageView,
  saveCustomStorage,
  type CustomStorageView,
  type Db,
  type SecretBox,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { guardedLookup, type SsrfGuard } from '@pressroom/ssrf';
import { openCustomBucket, testWrite } from '@pressroom/storage';
import { authOf } from '../http/auth.js';
import { guardedUrl } from '../http/guarded-url.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';

export interface CustomStorageRouteDeps {
  db: Db;
  guard: SsrfGuard;
  secretBox: SecretBox;
  /** Per S3 request of the test write (default 10 s). */
  timeoutMs?: number;
}

function view(row: CustomStorageView): CustomStorageResponse {
  return {
    customStorage: {
      endpoint: row.endpoint,
      region: row.region,
      bucket: row.bucket,
      forcePathStyle: row.forcePathStyle,
      prefix: row.prefix,
      publicBaseUrl: row.publicBaseUrl,
      accessKeyId: row.accessKeyId,
      secretAccessKey: '********',
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

const none = () => new ProblemError('not-found', { detail: 'This account has no custom storage; PUT /custom-storage sets one.' });

/**
 * /custom-storage: the owner's own bucket (the contract's `userStorageUrl`). PUT checks the
 * endpoint against the SSRF guard and proves the settings with a test write before saving.
 */
export function customStorageRoutes(deps: CustomStorageRouteDeps): Router {
  const router = Router();
  defineRoute(router, '/custom-storage', {
    get: handler(async (_req, res) => {
      const row = await getCustomStorageView(deps.db, authOf(res).ownerId);
      if (!row) throw none();
      res.json(view(row));
    }),
    put: handler(async (req, res) => {
      const body = parseOrThrow(CustomStoragePut, req.body, 'body');
      if (body.endpoint) await guardedUrl(deps.guard, body.endpoint, 'endpoint');
      const settings = {
        ownerId: authOf(res).ownerId,
        endpoint: body.endpoint ?? null,
        region: body.region,
        bucket: body.bucket,
        forcePathStyle: body.forcePathStyle,
        prefix: body.prefix,
        publicBaseUrl: body.publicBaseUrl ?? null,
        accessKeyId: body.accessKeyId,
        secretAccessKey: body.secretAccessKey,
      };
      const bucket = openCustomBucket(settings, { lookup: guardedLookup(deps.guard), timeoutMs: deps.timeoutMs ?? 10_000 });
      let failure: string | null;
      try {
        failure = await testWrite(bucket);
      } finally {
        await bucket.close();
      }
      if (failure) {
        throw new ProblemError('storage-write-failed', { detail: `The settings were not saved: ${failure.replace(/\.$/, '')}.` });
      }
      res.json(view(await saveCustomStorage(deps.db, deps.secretBox, settings)));
    }),
    delete: handler(async (_req, res) => {
      if (!(await deleteCustomStorage(deps.db, authOf(res).ownerId))) throw none();
      res.status(204).end();
    }),
  });
  return router;
}
