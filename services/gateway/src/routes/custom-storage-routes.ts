import type { OwnerCaches } from '@pressroom/service-runner';
import { Router } from 'express';
import { CustomStoragePut, SettingLookupQuery, type CustomStorageLookup, type CustomStorageResponse } from '@pressroom/contracts';
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
import { openCustomBucket, testWrite, type TestWriteFailure } from '@pressroom/storage';
import { audit } from '../http/audit.js';
import { authOf } from '../http/auth.js';
import { guardedUrl } from '../http/guarded-url.js';
import { noneAnswer } from '../http/if-none.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';

export interface CustomStorageRouteDeps {
  db: Db;
  guard: SsrfGuard;
  secretBox: SecretBox;
  /** Per S3 request of the test write (default 10 s). */
  timeoutMs?: number;
  /** Saved or removed settings: every renderer forgets its copy of them. */
  owners: Pick<OwnerCaches, 'changed'>;
}

function view(row: CustomStorageView): CustomStorageResponse {
  const { lastErrorAt, createdAt, updatedAt, ...fields } = row;
  return {
    customStorage: {
      ...fields,
      secretAccessKey: '********',
      lastErrorAt: lastErrorAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    },
  };
}

/** How the audit log names a bucket: its name and where it is (never a credential). */
const storageLabel = (s: { bucket: string; endpoint: string | null; region: string }) =>
  `${s.bucket} at ${s.endpoint ? hostOf(s.endpoint) : `AWS S3 ${s.region}`}`;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const notSet = () => new ProblemError('not-found', { detail: 'This account has no custom storage; PUT /custom-storage sets one.' });

/**
 * /custom-storage: the owner's own bucket (the contract's `userStorageUrl`). PUT checks the
 * endpoint against the SSRF guard and proves the settings with a test write before saving. GET without
 * settings answers 404, or 200 `{configured: false, customStorage: null}` under `?ifNone=empty` (ADR 0076).
 */
export function customStorageRoutes(deps: CustomStorageRouteDeps): Router {
  const router = Router();
  defineRoute(router, '/custom-storage', {
    get: handler(async (req, res) => {
      const none = noneAnswer(SettingLookupQuery, req, res);
      const row = await getCustomStorageView(deps.db, authOf(res).ownerId);
      if (!row) return none({ configured: false, customStorage: null } satisfies CustomStorageLookup, notSet);
      res.json({ configured: true, ...view(row) } satisfies CustomStorageLookup);
    }),
    put: handler(async (req, res) => {
      const body = parseOrThrow(CustomStoragePut, req.body, 'body');
      if (body.endpoint) await guardedUrl(deps.guard, body.endpoint, 'endpoint');
      const settings = {
        ...body,
        ownerId: authOf(res).ownerId,
        endpoint: body.endpoint ?? null,
        publicBaseUrl: body.publicBaseUrl ?? null,
      };
      const bucket = openCustomBucket(settings, {
        lookup: (protocol) => guardedLookup(deps.guard, { protocol }),
        timeoutMs: deps.timeoutMs ?? 10_000,
      });
      let failure: TestWriteFailure | null;
      try {
        failure = await testWrite(bucket);
      } finally {
        await bucket.close();
      }
      if (failure) {
        const reason = failure.reason.replace(/\.$/, '');
        // `errors` names the field to fix, so the dashboard shows the reason beside it.
        throw new ProblemError('storage-write-failed', {
          detail: `The settings were not saved: ${reason}.`,
          errors: [{ field: failure.field, message: `${reason}.`, code: 'test_write_failed' }],
        });
      }
      const saved = await saveCustomStorage(deps.db, deps.secretBox, settings);
      await deps.owners.changed(settings.ownerId, ['custom-storage']);
      await audit(req, res, 'custom_storage.set', { targetLabel: storageLabel(settings) });
      res.json(view(saved));
    }),
    delete: handler(async (req, res) => {
      const { ownerId } = authOf(res);
      const before = await getCustomStorageView(deps.db, ownerId);
      if (!before || !(await deleteCustomStorage(deps.db, ownerId))) throw notSet();
      await deps.owners.changed(ownerId, ['custom-storage']);
      await audit(req, res, 'custom_storage.removed', { targetLabel: storageLabel(before) });
      res.status(204).end();
    }),
  });
  return router;
}
