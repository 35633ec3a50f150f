import { Router } from 'express';
import { CreateKeyBody } from '@pressroom/contracts';
import {
  createApiKey,
  keyAuditLabel,
  listWorkspaceKeys,
  revokeWorkspaceKey,
  rotateWorkspaceKey,
  type ApiKeyView,
  type Db,
  type KeyViewer,
  type WorkspaceKey,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { audit } from '../http/audit.js';
import { authOf, requireSession, sessionOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';

function keyView(key: ApiKeyView) {
  return {
    id: key.id,
    name: key.label,
    prefix: key.masked.split('…')[0],
    masked: key.masked,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}

/** A key as the workspace's list shows it: who created it and what the caller may do with it. */
function listedKeyView(key: WorkspaceKey) {
  return { ...keyView(key), createdBy: key.createdBy, mine: key.mine, canRotate: key.canRotate, canRevoke: key.canRevoke };
}

const viewerOf = (res: Parameters<typeof authOf>[0]): KeyViewer => ({ userId: sessionOf(res).user.id, account: authOf(res).account });

/** How the audit log names a key: its name and masked form (never the key). */

const noSuchKey = (id: string) => new ProblemError('not-found', { detail: `No active API key ${id} in this workspace.` });

/**
 * API keys of the current workspace, managed in the dashboard only (the contract keeps key management out of the
 * API). In a team the list holds every member's keys; who may rotate or revoke which: libs/db workspace-keys.ts.
 * `forgetKeys` drops this replica's auth cache so a revoked or rotated key stops working at once.
 */
export function accountKeyRoutes(deps: { db: Db; forgetKeys: () => void }): Router {
  const router = Router();
  router.use('/account/keys', requireSession);

  defineRoute(router, '/account/keys', {
    get: async (_req, res) => {
      res.json({ items: (await listWorkspaceKeys(deps.db, viewerOf(res))).map(listedKeyView) });
    },
    post: async (req, res) => {
      const { name } = parseOrThrow(CreateKeyBody, req.body);
      const issued = await createApiKey(deps.db, { accountId: authOf(res).account.id, label: name });
      await audit(req, res, 'api_key.created', { targetId: issued.record.id, targetLabel: keyAuditLabel(issued.record) });
      res.status(201).json({ ...keyView(issued.record), key: issued.key });
    },
  });

  defineRoute(router, '/account/keys/:id/rotate', {
    post: async (req, res) => {
      const id = String(req.params.id);
      const issued = await rotateWorkspaceKey(deps.db, viewerOf(res), id);
      if (!issued) throw noSuchKey(id);
      deps.forgetKeys();
      const label = `${issued.record.label ? `${issued.record.label} ` : ''}(${issued.replaced.masked} → ${issued.record.masked})`;
      await audit(req, res, 'api_key.rotated', { targetId: id, targetLabel: label });
      res.json({ ...keyView(issued.record), key: issued.key, replaces: id });
    },
  });

  defineRoute(router, '/account/keys/:id', {
    delete: async (req, res) => {
      const id = String(req.params.id);
      const revoked = await revokeWorkspaceKey(deps.db, viewerOf(res), id);
      if (!revoked) throw noSuchKey(id);
      deps.forgetKeys();
      await audit(req, res, 'api_key.revoked', { targetId: id, targetLabel: keyAuditLabel(revoked) });
      res.status(204).end();
    },
  });
  return router;
}
