import { Router } from 'express';
import { SettingLookupQuery, UrlSigningSecretRequest, type UrlSigningSecretLookup, type UrlSigningSecretView } from '@pressroom/contracts';
import {
  activeUrlSigningSecret,
  newUrlSigningSecret,
  replaceUrlSigningSecret,
  revokeUrlSigningSecret,
  type Db,
  type SecretBox,
  type UrlSigningSecretRow,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { audit } from '../http/audit.js';
import { authOf } from '../http/auth.js';
import { noneAnswer } from '../http/if-none.js';
import { defineRoute } from '../http/routes.js';
import type { SigningSecretCache } from '../http/signing-secrets.js';
import { parseOrThrow } from '../http/validate.js';
import { urlSignRoute } from './url-sign-route.js';

function secretView(row: UrlSigningSecretRow): UrlSigningSecretView {
  return { id: row.id, maxRenders: row.maxRenders, rendersUsed: row.rendersUsed, createdAt: row.createdAt.toISOString() };
}

/**
 * The account's secret for signed render URLs (docs/signed-urls.md), with an API key or the
 * dashboard session: POST makes one (or rotates: the old one stops verifying) and shows it
 * once; GET shows its id and cap, never the secret (none: 404, or 200 `{configured: false}` under
 * `?ifNone=empty`, ADR 0076); DELETE revokes it. POST …/sign signs a
 * render URL with it (url-sign-route.ts).
 */
export function urlSigningRoutes(deps: { db: Db; secretBox: SecretBox; secrets: SigningSecretCache; publicBaseUrl: string }): Router {
  const router = Router();
  router.use(urlSignRoute(deps));
  defineRoute(router, '/account/url-signing-secret', {
    get: async (req, res) => {
      const none = noneAnswer(SettingLookupQuery, req, res);
      const row = await activeUrlSigningSecret(deps.db, authOf(res).account.id);
      if (!row) {
        const refusal = () => new ProblemError('not-found', { detail: 'This account has no URL-signing secret. POST to make one.' });
        return none({ configured: false } satisfies UrlSigningSecretLookup, refusal);
      }
      res.json({ configured: true, ...secretView(row) } satisfies UrlSigningSecretLookup);
    },
    post: async (req, res) => {
      const body = parseOrThrow(UrlSigningSecretRequest, req.body ?? {});
      const auth = authOf(res);
      const secret = newUrlSigningSecret();
      const { row, replaced } = await replaceUrlSigningSecret(deps.db, {
        accountId: auth.account.id,
        ownerId: auth.ownerId,
        secretCiphertext: deps.secretBox.seal(secret),
        maxRenders: body.maxRenders ?? null,
      });
      deps.secrets.forget();
      await audit(req, res, 'url_signing_secret.created', {
        targetId: row.id,
        targetLabel: replaced ? `replaces ${replaced}` : null,
      });
      res.status(201).json({ ...secretView(row), secret, replaces: replaced } satisfies UrlSigningSecretView);
    },
    delete: async (req, res) => {
      const active = await activeUrlSigningSecret(deps.db, authOf(res).account.id);
      if (!active || !(await revokeUrlSigningSecret(deps.db, authOf(res).account.id))) {
        throw new ProblemError('not-found', { detail: 'This account has no URL-signing secret to revoke.' });
      }
      deps.secrets.forget();
      await audit(req, res, 'url_signing_secret.revoked', { targetId: active.id });
      res.status(204).end();
    },
  });
  return router;
}
