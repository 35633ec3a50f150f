import {
  BATCH_GIF,
  CATALOG,
  batchLimitsOf,
  newId,
  type BatchItemResult,
  type BatchRenderRequest,
  type BatchRetryResponse,
  type BatchResultsView,
  type BatchStartResponse,
  type BatchSummaryView,
} from '@pressroom/contracts';
import { plural, pluralNoun } from '@pressroom/contracts/plural';
import type { Bus } from '@pressroom/bus';
import {
  ACTIVE_BATCH_STATUSES,
  ConcurrentBatchLimitError,
  assertCreditsAvailable,
  failedItemsToRetry,
  getTemplate,
  countBatchItems,
  createBatch,
  getBatch,
  getNamedBatch,
  listBatchItems,
  listRecentBatches,
  newSigningSecret,
  type BatchItemRow,
  type BatchRow,
  type Db,
  type NamedBatchRow,
  type NewBatch,
  type NewBatchItem,
  type SecretBox,
} from '@pressroom/db';
import { ProblemError, type FieldError } from '@pressroom/problem';
import { DEFAULT_LAYOUT, GIF_REFUSAL_REMEDY, gifRefusalOf, layoutKeys } from '@pressroom/render-requests';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { AuthContext } from '../http/auth.js';
import { withQuotaProblem } from '../http/quota-problem.js';
import { loadTemplate } from '../renders/load-template.js';
import { csvVariableSets } from '../routes/batch-csv-input.js';
import { assertWebhookTarget } from '../routes/webhook-target.js';

/*
 * Starting a batch and reading its results: the rules POST /templates/{uid}/batch-render
 * and GET /templates/batch/{id}/results apply, shared with the MCP batch tools.
 */

export interface BatchDeps {
  db: Db;
  bus: Bus;
  guard: SsrfGuard;
  /** Seals the per-batch webhook secret. */
  secretBox: SecretBox;
  /** Largest CSV accepted (PRESSROOM_BATCH_CSV_MAX_BYTES). */
  csvMaxBytes: number;
  /** How long results are kept after a batch finishes (PRESSROOM_BATCH_RETENTION). */
  retentionMs: number;
}

/** A hint for clients at the concurrent-batch cap: batches finish in seconds to minutes. */
const RETRY_AFTER_SECONDS = 30;

/**
 * A batch the account does not have. An expired one looks the same, so the answer says how long results are kept: in
 * `detail` for people and as `retentionDays` for clients (the dashboard's page for a missing batch), never parsed back out of the text.
 */
export function batchNotFound(id: string, retentionMs: number): ProblemError {
  const retentionDays = Math.round(retentionMs / 86_400_000);
  return new ProblemError('not-found', {
    detail: `No batch with id ${JSON.stringify(id)} exists for this account (results are kept for ${retentionDays} days after a batch finishes).`,
    extensions: { retentionDays },
  });
}

function itemResult(item: BatchItemRow, withLayout: boolean): BatchItemResult {
  const success = item.state === 'completed';
  return {
    index: item.rowIndex,
    success,
    url: success ? item.url : null,
    width: success ? item.width : null,
    height: success ? item.height : null,
    error: success ? null : item.error,
    errorCode: success ? null : item.errorCode,
    imageId: item.publishedAt ? item.renderId : null,
    ...(withLayout ? { layout: item.layout ?? 'default' } : {}),
    variables: item.variables,
  };
}

async function summaryView(db: Db, batch: NamedBatchRow, retentionMs: number): Promise<BatchSummaryView> {
  const counts = await countBatchItems(db, batch.id);
  const done = counts.completed + counts.failed + counts.cancelled;
  return {
    batchId: batch.id,
    templateId: batch.templateId,
    templateName: batch.templateName,
    status: batch.status,
    format: batch.format,
    progress: batch.totalItems === 0 ? 100 : Math.floor((100 * done) / batch.totalItems),
    totalItems: batch.totalItems,
    completedItems: counts.completed,
    failedItems: counts.failed,
    cancelledItems: counts.cancelled,
    createdAt: batch.createdAt.toISOString(),
    startedAt: batch.startedAt?.toISOString() ?? null,
    completedAt: batch.completedAt?.toISOString() ?? null,
    expiresAt: batch.completedAt ? new Date(batch.completedAt.getTime() + retentionMs).toISOString() : null,
  };
}

async function resultsView(db: Db, batch: NamedBatchRow, retentionMs: number): Promise<BatchResultsView> {
  const finished = await listBatchItems(db, batch.id, { states: ['completed', 'failed'] });
  const results = finished.map((item) => itemResult(item, batch.layouts !== null));
  return { ...(await summaryView(db, batch, retentionMs)), results, errors: results.filter((result) => !result.success) };
}

/** How many batches GET /batches lists (the latest; older ones are reached by id). */
const RECENT_BATCHES = 20;

/** The caller's latest batches with their counts, newest first (the dashboard's batch list). */
export async function recentBatches(deps: Pick<BatchDeps, 'db' | 'retentionMs'>, ownerId: string): Promise<BatchSummaryView[]> {
  const rows = await listRecentBatches(deps.db, { ownerId, limit: RECENT_BATCHES });
  return Promise.all(rows.map((batch) => summaryView(deps.db, batch, deps.retentionMs)));
}

/**
 * Validate and queue a batch (its layouts, rows, plan limits and credits are all checked
 * before anything is stored); the scheduler renders it.
 */
export async function startBatch(
  deps: BatchDeps,
  input: { auth: AuthContext; plan: string; templateUid: string; body: BatchRenderRequest },
): Promise<BatchStartResponse> {
  const { auth, plan, body } = input;
  const csvMaxBytes = deps.csvMaxBytes;
  const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: input.templateUid });

  const layouts = body.layouts ?? (body.layout !== undefined ? [body.layout] : null);
  const known = layoutKeys(template);
  const unknown: FieldError[] = (layouts ?? [])
    .map((layout, i) => ({ layout, field: body.layouts ? `layouts.${i}` : 'layout' }))
    .filter(({ layout }) => !known.includes(layout))
    .map(({ layout, field }) => ({
      field,
      message: `Template ${template.uid} has no layout ${JSON.stringify(layout)}; its layouts are ${known.join(', ')}.`,
    }));
  if (unknown.length > 0) {
    throw new ProblemError('validation-error', { detail: unknown.map((e) => `${e.field}: ${e.message}`).join('; '), errors: unknown });
  }
  // The template's kind and sizes are stored: a GIF batch its layouts cannot be is refused now, not as failed items later.
  const gifRefusals =
    body.format === BATCH_GIF ? (layouts ?? [DEFAULT_LAYOUT]).flatMap((layout) => gifRefusalOf(template, layout) ?? []) : [];
  if (gifRefusals.length > 0) {
    const errors: FieldError[] = gifRefusals.map((refusal) => ({
      field: 'format',
      message: `${refusal.message} ${GIF_REFUSAL_REMEDY}`,
      code: 'unsupported_format',
    }));
    throw new ProblemError('validation-error', { detail: `${gifRefusals.map((r) => r.message).join(' ')} ${GIF_REFUSAL_REMEDY}`, errors });
  }
  const webhookUrl = body.webhookUrl === undefined ? null : await assertWebhookTarget(deps.guard, body.webhookUrl, 'webhookUrl');

  const rows: Array<Record<string, unknown>> =
    body.variableSets ?? (await csvVariableSets(deps.guard, { csvUrl: body.csvUrl!, mappings: body.mappings, maxBytes: csvMaxBytes }));
  const items: NewBatchItem[] = rows.flatMap((variables, rowIndex) =>
    (layouts ?? [null]).map((layout) => ({ rowIndex, layout, variables })),
  );

  const secret = webhookUrl ? newSigningSecret() : null;
  const answer = await queueBatch(deps, {
    auth,
    plan,
    batch: {
      templateId: template.uid,
      format: body.format,
      quality: body.quality,
      concurrency: body.concurrency,
      layouts,
      csvUrl: body.csvUrl ?? null,
      webhookUrl,
      webhookSecretCiphertext: secret ? deps.secretBox.seal(secret) : null,
    },
    items,
    madeOf: `${plural(rows.length, 'row')} × ${plural((layouts ?? [null]).length, 'layout')}`,
  });
  return { ...answer, ...(secret ? { webhookSecret: secret } : {}) };
}

/**
 * Store and start a new batch within the plan's batch limits, the one check every new batch passes (a batch of
 * rows or a CSV, a retry of failed rows): its items per batch, the month's credits for them, and (as it is stored,
 * under a per-owner lock) the batches running at once. `madeOf` says where the items come from, in the refusal.
 */
async function queueBatch(
  deps: Pick<BatchDeps, 'db' | 'bus'>,
  input: {
    auth: AuthContext;
    plan: string;
    batch: Omit<NewBatch, 'id' | 'ownerId' | 'accountId'>;
    items: NewBatchItem[];
    madeOf: string;
  },
): Promise<BatchStartResponse> {
  const { auth, plan, items } = input;
  const limits = batchLimitsOf(plan);
  if (items.length > limits.itemsPerJob) {
    throw new ProblemError('plan-limit', {
      code: 'batch_limit',
      detail: `This batch has ${items.length} items (${input.madeOf}); the ${plan} plan allows at most ${limits.itemsPerJob} items per batch.`,
      extensions: { limit: limits.itemsPerJob, plan, items: items.length },
    });
  }

  // Every item is one credit: refuse up front a batch that cannot fit this month (each item is checked again when it renders).
  await withQuotaProblem(() => assertCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: items.length }));

  let batch: BatchRow;
  try {
    batch = await createBatch(deps.db, {
      batch: { ...input.batch, id: newId('bat'), ownerId: auth.ownerId, accountId: auth.account.id },
      items,
      maxActive: limits.concurrentBatches,
    });
  } catch (error) {
    if (error instanceof ConcurrentBatchLimitError) {
      throw new ProblemError('too-many-batches', {
        code: 'batch_limit',
        detail: `The ${plan} plan runs at most ${plural(error.limit, 'batch', 'batches')} at a time and ${error.active} ${error.active === 1 ? 'is' : 'are'} still running. Retry when one finishes.`,
        extensions: { limit: error.limit, plan },
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    }
    throw error;
  }
  await deps.bus.notify(CATALOG.batchWake, batch.id, { batchId: batch.id }).catch(() => {
    // The scheduler's poll starts it anyway.
  });
  return {
    batchId: batch.id,
    status: 'pending',
    totalItems: batch.totalItems,
    message: `Batch of ${plural(batch.totalItems, 'item')} accepted; follow it at GET /templates/batch/${batch.id}/results.`,
  };
}

/**
 * A new batch of what failed in a finished one (POST /templates/batch/{id}/retry): the failed items only, each with
 * the values its row had (failedItemsToRetry), of the same template, format, quality, concurrency and webhook (its
 * `batch.completed` is signed with the same secret, so it is not shown again), within the plan's limits as any new
 * batch. 409 while the batch runs or when nothing failed; the template and its sizes are checked again, as they may
 * have changed since.
 */
export async function retryBatch(deps: BatchDeps, input: { auth: AuthContext; plan: string; id: string }): Promise<BatchRetryResponse> {
  const { auth, id } = input;
  const old = await getBatch(deps.db, { ownerId: auth.ownerId, id });
  if (!old) throw batchNotFound(id, deps.retentionMs);
  if (ACTIVE_BATCH_STATUSES.includes(old.status)) {
    throw new ProblemError('conflict', {
      detail: `Batch ${id} is still running (status ${old.status}); its failed rows can be rendered again once it has finished.`,
      extensions: { status: old.status },
    });
  }
  const retry = failedItemsToRetry(old, await listBatchItems(deps.db, id, { states: ['failed'] }));
  if (!retry) {
    throw new ProblemError('conflict', {
      detail: `No row of batch ${id} failed (status ${old.status}): there is nothing to render again.`,
      extensions: { status: old.status },
    });
  }
  const template = await getTemplate(deps.db, { ownerId: auth.ownerId, uid: old.templateId });
  if (!template) {
    throw new ProblemError('conflict', {
      detail: `The template of batch ${id}, ${old.templateId}, no longer exists: its rows cannot be rendered again.`,
    });
  }
  const known = layoutKeys(template);
  const gone = (retry.layouts ?? []).filter((layout) => !known.includes(layout));
  if (gone.length > 0) {
    throw new ProblemError('conflict', {
      detail: `Template ${template.uid} no longer has ${pluralNoun(gone.length, 'the size', 'the sizes')} ${gone.map((l) => JSON.stringify(l)).join(', ')} that rows of batch ${id} failed in; its sizes are ${known.join(', ')}.`,
    });
  }
  const answer = await queueBatch(deps, {
    auth,
    plan: input.plan,
    batch: {
      templateId: old.templateId,
      format: old.format,
      quality: old.quality,
      concurrency: old.concurrency,
      layouts: retry.layouts,
      csvUrl: null,
      webhookUrl: old.webhookUrl,
      webhookSecretCiphertext: old.webhookSecretCiphertext,
    },
    items: retry.items,
    madeOf: `the failed items of ${plural(retry.rows, 'row')} of batch ${id}`,
  });
  return { ...answer, retryOf: id, failedRows: retry.rows };
}

/** Where a batch stands and the results so far; a 404 problem when it does not exist for this owner (or was purged). */
export async function batchResults(
  deps: Pick<BatchDeps, 'db' | 'retentionMs'>,
  input: { ownerId: string; id: string },
): Promise<BatchResultsView> {
  const batch = await getNamedBatch(deps.db, input);
  if (!batch) throw batchNotFound(input.id, deps.retentionMs);
  return resultsView(deps.db, batch, deps.retentionMs);
}
