import { extensionOfFormat } from '@pressroom/contracts';
import { createHash } from 'node:crypto';
import { CATALOG, newId, type SourceCredentials } from '@pressroom/contracts';
import { applyMapping, fetchSource, SourceFetchError } from '@pressroom/bindings';
import type { Bus } from '@pressroom/bus';
import {
  finishBindingRefresh,
  getTemplate,
  insertUnchargedRender,
  type BindingRow,
  type ClaimedBinding,
  type Db,
  type SecretBox,
} from '@pressroom/db';
import { imageCommand, planTemplateItem, renderOutput, withOwnerAssets, type TemplateImageSource } from '@pressroom/render-requests';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { Storage } from '@pressroom/storage';
import { producerHeaders, type Logger } from '@pressroom/telemetry';
import { scheduledRenders } from '../scheduler-metrics.js';
import { emitBindingFailed } from './binding-events.js';

export interface RefreshDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  /** The process's font lists, as single renders read them: one read per owner, not per refresh (docs/adr/0046). */
  owners: Pick<OwnerCaches, 'fonts'>;
  guard: SsrfGuard;
  secretBox: SecretBox;
  logger: Logger;
  publicBaseUrl: string;
  now: () => Date;
  /** Largest data source response (bytes). */
  maxBytes: number;
  /** Time limit of one data source fetch, redirects included. */
  fetchTimeoutMs: number;
}

class RefreshFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** When the schedule refreshes next: ttl and etag every ttlSeconds (also while in error: that is the retry); webhook and manual never by themselves. */
function nextScheduled(binding: BindingRow, now: Date): Date | null {
  const { type, ttlSeconds } = binding.refreshPolicy;
  return type === 'ttl' || type === 'etag' ? new Date(now.getTime() + ttlSeconds * 1000) : null;
}

function credentialsOf(deps: RefreshDeps, binding: BindingRow): SourceCredentials | null {
  return binding.credentialsCiphertext ? (JSON.parse(deps.secretBox.open(binding.credentialsCiphertext)) as SourceCredentials) : null;
}

/**
 * One claimed refresh: fetch the source (conditionally under policy etag),
 * map the data to variables, apply them to the template exactly as
 * POST /templates/{uid}/render does, and publish an ordinary `render.image`
 * (origin `binding`). The render's outcome settles the binding later
 * (render-events.ts). A 304, or data that maps to the variables already
 * rendered, renders nothing. Every failure before the render ends the
 * refresh in `error` with `binding.failed`; the last good image stays.
 */
export async function refreshBinding(deps: RefreshDeps, claim: ClaimedBinding): Promise<void> {
  const { binding, lease } = claim;
  const now = deps.now();
  // A claimed binding is due, so it has a due time; finishing compares it with the row's (a change meanwhile wins).
  const dueAt = binding.nextRefreshAt ?? now;
  const trigger = binding.pendingTrigger ?? 'schedule';
  const nextRefreshAt = nextScheduled(binding, now);
  try {
    const template = await getTemplate(deps.db, { ownerId: binding.ownerId, uid: binding.templateId });
    if (!template) throw new RefreshFailure('TEMPLATE_NOT_FOUND', `The template ${binding.templateId} no longer exists.`);
    const conditional = binding.refreshPolicy.type === 'etag' && binding.currentRenderId !== null ? binding.sourceEtag : null;
    const fetched = await fetchSource(deps.guard, binding.dataSource, credentialsOf(deps, binding), {
      maxBytes: deps.maxBytes,
      timeoutMs: deps.fetchTimeoutMs,
      ifNoneMatch: conditional,
    });
    if (fetched.kind === 'not-modified') {
      await finishBindingRefresh(deps.db, {
        uid: binding.uid,
        lease,
        dueAt,
        outcome: { status: 'active', consecutiveFailures: 0, nextRefreshAt, lastRefreshAt: now, pendingTrigger: null },
      });
      return;
    }
    const mapped = applyMapping(fetched.data, binding.mapping, binding.defaults);
    if (!mapped.ok) throw new RefreshFailure('MAPPING_FAILED', mapped.error);
    const plan = planTemplateItem(template, { templateId: binding.templateId, layout: null, variables: mapped.variables });
    if (!plan.ok) throw new RefreshFailure(plan.errorCode, plan.error);

    // Same variables, same template version, same output: the current image is still right.
    const hash = createHash('sha256')
      .update(JSON.stringify([mapped.variables, template.updatedAt.toISOString(), binding.outputConfig]))
      .digest('hex');
    if (hash === binding.variablesHash && binding.currentRenderId !== null) {
      await finishBindingRefresh(deps.db, {
        uid: binding.uid,
        lease,
        dueAt,
        outcome: {
          status: 'active',
          consecutiveFailures: 0,
          sourceEtag: fetched.etag,
          nextRefreshAt,
          lastRefreshAt: now,
          pendingTrigger: null,
        },
      });
      return;
    }

    // Record the pending render before publishing: its outcome may arrive at once.
    const renderId = newId('img');
    const recorded = await finishBindingRefresh(deps.db, {
      uid: binding.uid,
      lease,
      dueAt,
      outcome: {
        pendingRenderId: renderId,
        pendingTrigger: trigger,
        sourceEtag: fetched.etag,
        variablesHash: hash,
        nextRefreshAt,
        lastRefreshAt: now,
      },
    });
    if (!recorded) return; // our claim lapsed and another scheduler took the binding over
    await publishBindingRender(deps, recorded, renderId, plan);
  } catch (error) {
    if (!(error instanceof RefreshFailure) && !(error instanceof SourceFetchError)) {
      deps.logger.error({ err: error, bindingId: binding.uid }, 'binding refresh failed unexpectedly');
    }
    const code = error instanceof RefreshFailure || error instanceof SourceFetchError ? error.code : 'REFRESH_FAILED';
    const message = error instanceof Error ? error.message : String(error);
    const failed = await finishBindingRefresh(deps.db, {
      uid: binding.uid,
      lease,
      dueAt,
      outcome: {
        status: 'error',
        consecutiveFailures: binding.consecutiveFailures + 1,
        lastError: message,
        lastErrorCode: code,
        lastErrorAt: now,
        lastRefreshAt: now,
        nextRefreshAt,
        pendingTrigger: null,
      },
    });
    if (failed)
      await emitBindingFailed(deps, failed, { error: message, errorCode: code, trigger, at: now, attemptKey: `${lease.getTime()}` });
  }
}

async function publishBindingRender(deps: RefreshDeps, binding: BindingRow, renderId: string, plan: TemplateImageSource): Promise<void> {
  const { format, quality } = binding.outputConfig;
  const row = await insertUnchargedRender(deps.db, {
    id: renderId,
    ownerId: binding.ownerId,
    accountId: binding.accountId,
    kind: 'image',
    origin: 'binding',
    templateId: binding.templateId,
    format,
    width: plan.width,
    height: plan.height,
  });
  const command = await imageCommand(
    deps.storage,
    {
      origin: 'binding',
      templateId: binding.templateId,
      source: await withOwnerAssets(deps, binding.ownerId, plan.source),
      width: plan.width,
      height: plan.height,
      selector: null,
      format,
      quality,
    },
    {
      renderId,
      accountId: binding.accountId,
      ownerId: binding.ownerId,
      output: renderOutput({ publicBaseUrl: deps.publicBaseUrl, renderId, extension: extensionOfFormat(format) }),
      requestedAt: row.createdAt.toISOString(),
    },
  );
  await deps.bus.publish(CATALOG.renderImage, command, {
    msgId: renderId,
    headers: producerHeaders(CATALOG.renderImage.name, { 'pressroom-render-id': renderId, 'pressroom-binding-id': binding.uid }),
  });
  scheduledRenders.add(1, { origin: 'binding' });
}
