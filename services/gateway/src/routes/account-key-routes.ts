import { Router } from 'express';
import { CreateKeyBody } from '@pressroom/contracts';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey, rotateApiKey, type ApiKeyView, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { authOf, requireSession } from '../http/auth.js';
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

/**
 * API keys of the current workspace's account, managed in the dashboard only (the contract
 * keeps key management out of the API). `forgetKeys` drops this replica's auth cache so a
 * revoked or rotated key stops working at once.
 */
export function accountKeyRoutes(deps: { db: Db; forgetKeys: () => void }): Router {
  const router = Router();
  router.use('/account/keys', requireSession);

  const ownKey = async (res: Parameters<typeof authOf>[0], id: string): Promise<ApiKeyView> => {
    const key = await getApiKey(deps.db, id);
    if (!key || key.accountId !== authOf(res).account.id || key.revokedAt !== null) {
      throw new ProblemError('not-found', { detail: `No active API key ${id} in this workspace.` });
    }
    return key;
  };

  defineRoute(router, '/account/keys', {
    get: async (_req, res) => {
      const keys = await listApiKeys(deps.db, authOf(res).account.id);
      res.json({ items: keys.filter((k) => k.revokedAt === null).map(keyView) });
    },
    post: async (req, res) => {
      const { name } = parseOrThrow(CreateKeyBody, req.body);
      const issued = await createApiKey(deps.db, { accountId: authOf(res).account.id, label: name });
      res.status(201).json({ ...keyView(issued.record), key: issued.key });
    },
  });

  defineRoute(router, '/account/keys/:id/rotate', {
    post: async (req, res) => {
      const old = await ownKey(res, String(req.params.id));
      const issued = await rotateApiKey(deps.db, old.id);
      deps.forgetKeys();
      res.json({ ...keyView(issued.record), key: issued.key, replaces: old.id });
    },
  });

  defineRoute(router, '/account/keys/:id', {
    delete: async (req, res) => {
      const key = await ownKey(res, String(req.params.id));
      await revokeApiKey(deps.db, key.id);
      deps.forgetKeys();
      res.status(204).end();
    },
  });
  return router;
}
