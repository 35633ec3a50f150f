import { randomBytes } from 'node:crypto';
import { Router, type Response } from 'express';
import {
  BindingCreate,
  BindingListQuery,
  BindingTestSource,
  BindingUpdate,
  newId,
  paginate,
  type SourceCredentials,
} from '@pressroom/contracts';
import { applyMapping } from '@pressroom/bindings';
import {
  deleteBinding,
  getBinding,
  getTemplate,
  insertBinding,
  listBindings,
  requestBindingRefresh,
  updateBinding,
  type BindingPatch,
  type BindingRow,
  type Db,
  type SecretBox,
} from '@pressroom/db';
import type { Bus } from '@pressroom/bus';
import { ProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { bindingView, openCredentials } from '../bindings/binding-view.js';
import { describeSource } from '../bindings/binding-source-check.js';
import { assertDataSourceUrl } from '../bindings/data-source-url.js';
import { wakeBinding } from '../bindings/wake-binding.js';

export interface BindingRouteDeps {
  db: Db;
  /** `binding.wake`: a binding made due is refreshed at once, not at the schedulers' next poll. */
  bus: Pick<Bus, 'notify'>;
  guard: SsrfGuard;
  /** Seals data source credentials and trigger tokens at rest (the scheduler opens them with the same key). */
  secretBox: SecretBox;
  publicBaseUrl: string;
  /** Limits of the test fetch (the scheduler's refreshes use the same settings). */
  maxBytes: number;
  fetchTimeoutMs: number;
}

function notFound(uid: string): ProblemError {
  return new ProblemError('not-found', { detail: `No binding with uid ${JSON.stringify(uid)} exists for this account.` });
}

/** The template a binding renders: the caller's own (HTML or canvas, like every image render). */
async function assertTemplate(db: Db, ownerId: string, templateId: string): Promise<void> {
  const template = await getTemplate(db, { ownerId, uid: templateId });
  if (!template) {
    const message = `No template with uid ${JSON.stringify(templateId)} exists for this account.`;
    // `errors` names the field too, so a form shows the refusal beside the template it offered.
    throw new ProblemError('template-not-found', { detail: `templateId: ${message}`, errors: [{ field: 'templateId', message }] });
  }
}

/** `bht_` + 24 random bytes: the secret part of a binding's trigger URL. */
function newTriggerToken(): string {
  return `bht_${randomBytes(24).toString('base64url')}`;
}

/**
 * /bindings: create, read, update (pause/resume via `status`), delete, list;
 * refresh now; test a data source (the paths it offers). Refreshing itself is
 * the scheduler's (services/scheduler/src/bindings); routes only make a binding due.
 */
export function bindingRoutes(deps: BindingRouteDeps): Router {
  const router = Router();
  const view = (row: BindingRow) => bindingView(row, { publicBaseUrl: deps.publicBaseUrl, secretBox: deps.secretBox });
  const limits = { maxBytes: deps.maxBytes, timeoutMs: deps.fetchTimeoutMs };
  const sealCredentials = (credentials: SourceCredentials | null | undefined) =>
    credentials ? deps.secretBox.seal(JSON.stringify(credentials)) : null;

  const owned = async (res: Response, uid: string): Promise<BindingRow> => {
    const row = await getBinding(deps.db, { ownerId: authOf(res).ownerId, uid });
    if (!row) throw notFound(uid);
    return row;
  };

  defineRoute(router, '/bindings', {
    get: handler(async (req, res) => {
      const query = parseOrThrow(BindingListQuery, req.query, 'query');
      const { rows, total } = await listBindings(deps.db, { ownerId: authOf(res).ownerId, ...query });
      res.json({ bindings: rows.map(view), pagination: paginate({ page: query.page, limit: query.limit, total }) });
    }),
    post: handler(async (req, res) => {
      const body = parseOrThrow(BindingCreate, req.body);
      const auth = authOf(res);
      await assertTemplate(deps.db, auth.ownerId, body.templateId);
      const url = await assertDataSourceUrl(deps.guard, body.dataSource.url);
      const { credentials, ...source } = body.dataSource;
      const row = await insertBinding(deps.db, {
        uid: newId('bnd'),
        ownerId: auth.ownerId,
        accountId: auth.account.id,
        name: body.name ?? `Binding of ${body.templateId}`,
        templateId: body.templateId,
        dataSource: { ...source, url },
        credentialsCiphertext: sealCredentials(credentials),
        mapping: body.mapping,
        defaults: body.defaults,
        refreshPolicy: body.refreshPolicy,
        outputConfig: body.outputConfig,
        triggerTokenCiphertext: deps.secretBox.seal(newTriggerToken()),
        // The first render happens at once, whatever the policy.
        nextRefreshAt: new Date(),
        pendingTrigger: 'create',
      });
      await wakeBinding(deps.bus, row.uid);
      res
        .status(201)
        .location(`/bindings/${row.uid}`)
        .json({ binding: view(row) });
    }),
  });

  defineRoute(router, '/bindings/test-source', {
    post: handler(async (req, res) => {
      const { dataSource } = parseOrThrow(BindingTestSource, req.body);
      const url = await assertDataSourceUrl(deps.guard, dataSource.url);
      const { summary, data } = await describeSource(deps.guard, { ...dataSource, url }, dataSource.credentials ?? null, limits);
      // `data` is the document itself: the dashboard shows it and maps a clicked value to a variable.
      res.json({ ...summary, data });
    }),
  });

  defineRoute(router, '/bindings/:uid', {
    get: handler(async (req, res) => {
      res.json({ binding: view(await owned(res, String(req.params.uid))) });
    }),
    put: handler(async (req, res) => {
      const uid = String(req.params.uid);
      const body = parseOrThrow(BindingUpdate, req.body);
      const ownerId = authOf(res).ownerId;
      // Existence first: another account's uid is a 404 whatever the body says.
      const current = await owned(res, uid);
      const patch: BindingPatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.templateId !== undefined) {
        await assertTemplate(deps.db, ownerId, body.templateId);
        patch.templateId = body.templateId;
      }
      if (body.dataSource !== undefined) {
        const { credentials, ...source } = body.dataSource;
        patch.dataSource = { ...source, url: await assertDataSourceUrl(deps.guard, source.url) };
        // Omitted credentials keep the stored ones (responses never show them to resend); null removes them.
        if (credentials !== undefined) patch.credentialsCiphertext = sealCredentials(credentials);
      }
      if (body.mapping !== undefined) patch.mapping = body.mapping;
      if (body.defaults !== undefined) patch.defaults = body.defaults;
      if (body.refreshPolicy !== undefined) patch.refreshPolicy = body.refreshPolicy;
      if (body.outputConfig !== undefined) patch.outputConfig = body.outputConfig;
      const changesImage = ['templateId', 'dataSource', 'mapping', 'defaults', 'refreshPolicy', 'outputConfig'].some(
        (k) => body[k as keyof typeof body] !== undefined,
      );
      if (body.status === 'paused') {
        patch.status = 'paused';
      } else if (body.status === 'active' || (changesImage && current.status !== 'paused')) {
        // Resuming, or a change to what is rendered: refresh at once, unconditionally.
        if (body.status === 'active') patch.status = 'active';
        patch.nextRefreshAt = new Date();
        patch.pendingTrigger = body.status === 'active' && current.status === 'paused' ? 'resume' : 'update';
        patch.sourceEtag = null;
        patch.variablesHash = null;
      }
      const row = await updateBinding(deps.db, { ownerId, uid, patch });
      if (!row) throw notFound(uid);
      if (patch.nextRefreshAt) await wakeBinding(deps.bus, uid);
      res.json({ binding: view(row) });
    }),
    delete: handler(async (req, res) => {
      const uid = String(req.params.uid);
      if (!(await deleteBinding(deps.db, { ownerId: authOf(res).ownerId, uid }))) throw notFound(uid);
      res.json({ message: 'Binding deleted', uid });
    }),
  });

  // Pause and resume: shortcuts for PUT {status}.
  for (const [action, status] of [
    ['pause', 'paused'],
    ['resume', 'active'],
  ] as const) {
    defineRoute(router, `/bindings/:uid/${action}`, {
      post: handler(async (req, res) => {
        const uid = String(req.params.uid);
        const current = await owned(res, uid);
        const patch: BindingPatch = { status };
        if (status === 'active' && current.status === 'paused')
          Object.assign(patch, { nextRefreshAt: new Date(), pendingTrigger: 'resume', sourceEtag: null, variablesHash: null });
        const row = await updateBinding(deps.db, { ownerId: current.ownerId, uid, patch });
        if (!row) throw notFound(uid);
        if (patch.nextRefreshAt) await wakeBinding(deps.bus, uid);
        res.json({ binding: view(row) });
      }),
    });
  }

  defineRoute(router, '/bindings/:uid/refresh', {
    post: handler(async (req, res) => {
      const uid = String(req.params.uid);
      const current = await owned(res, uid);
      if (current.status === 'paused')
        throw new ProblemError('conflict', {
          detail: `Binding ${uid} is paused; resume it first (PUT {"status":"active"} or POST /bindings/${uid}/resume).`,
        });
      const row = await requestBindingRefresh(deps.db, { uid, at: new Date(), trigger: 'manual', force: true });
      if (!row) throw new ProblemError('conflict', { detail: `Binding ${uid} was paused meanwhile.` });
      await wakeBinding(deps.bus, uid);
      res.status(202).json({ message: 'Refresh scheduled', binding: view(row) });
    }),
  });

  defineRoute(router, '/bindings/:uid/test', {
    post: handler(async (req, res) => {
      const row = await owned(res, String(req.params.uid));
      const { data, summary } = await describeSource(deps.guard, row.dataSource, openCredentials(deps.secretBox, row), limits);
      const mapped = applyMapping(data, row.mapping, row.defaults);
      res.json({
        ...summary,
        // The document itself, as test-source gives it: the dashboard's mapping editor clicks its values.
        data,
        mapping: mapped.ok ? { ok: true, variables: mapped.variables } : { ok: false, error: mapped.error, missing: mapped.missing },
      });
    }),
  });

  return router;
}
