import { Router } from 'express';
import { SignRenderUrlRequest, type SignedRenderUrlView } from '@pressroom/contracts';
import { activeUrlSigningSecret, type Db, type SecretBox } from '@pressroom/db';
import { DEFAULT_LAYOUT, templateImageSource } from '@pressroom/render-requests';
import { ProblemError } from '@pressroom/problem';
import { signedRenderUrlOf } from '@pressroom/url-signing';
import { authOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow, validationProblem } from '../http/validate.js';
import { loadTemplate } from '../renders/load-template.js';

/**
 * `POST /account/url-signing-secret/sign` (docs/signed-urls.md): the server signs a render URL
 * with the account's stored secret, so the dashboard and API users get a signed link without
 * ever holding the secret. The link is checked as its render will read it, since a URL that can
 * only ever answer the transparent pixel is better refused now, beside the field at fault.
 */
export function urlSignRoute(deps: { db: Db; secretBox: SecretBox; publicBaseUrl: string }): Router {
  const router = Router();
  defineRoute(router, '/account/url-signing-secret/sign', {
    post: async (req, res) => {
      const body = parseOrThrow(SignRenderUrlRequest, req.body ?? {});
      const auth = authOf(res);
      const secret = await activeUrlSigningSecret(deps.db, auth.account.id);
      if (!secret) {
        throw new ProblemError('not-found', {
          detail: 'This account has no URL-signing secret to sign with. Make one first (POST /account/url-signing-secret).',
        });
      }
      const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.templateUid });
      if (template.outputFormat === 'pdf') {
        throw validationProblem([{ field: 'templateUid', message: 'PDF templates cannot be rendered as images by URL.' }], 'body');
      }
      // The values as the URL will carry them (text), planned as GET /r/ plans them: unknown layout, bad variable, strict mode.
      const variables = Object.fromEntries(Object.entries(body.variables ?? {}).map(([name, value]) => [name, String(value)]));
      const layout = body.layout === DEFAULT_LAYOUT ? undefined : body.layout;
      templateImageSource(template, { variables, layout });

      const expiresAt = body.expiresInSeconds === undefined ? null : new Date(Date.now() + body.expiresInSeconds * 1000);
      const url = signedRenderUrlOf({
        baseUrl: deps.publicBaseUrl,
        templateUid: template.uid,
        extension: body.format,
        variables,
        layout,
        quality: body.quality,
        secretId: secret.id,
        secret: deps.secretBox.open(secret.secretCiphertext),
        expiresAt: expiresAt ?? undefined,
      });
      // `exp` has seconds precision: report the instant the URL really carries.
      const carried = expiresAt && new Date(Math.floor(expiresAt.getTime() / 1000) * 1000);
      res.json({ url, expiresAt: carried ? carried.toISOString() : null } satisfies SignedRenderUrlView);
    },
  });
  return router;
}
