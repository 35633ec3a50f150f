import { Router } from 'express';
import {
  CATALOG,
  VIDEO_GENERATE_AI_COST,
  VideoGenerateRequest,
  VideoPreviewRequest,
  VideoRenderRequest,
  VideoTemplateCreate,
  VideoTemplateListQuery,
  VideoTemplateUpdate,
  newId,
  paginate,
  type VariableDefinition,
  type VideoRenderResult,
  type VideoTemplateSource,
} from '@pressroom/contracts';
import { AiQuotaExceededError, assertAiCreditsAvailable, deleteVideoTemplate, spendAiCredits, getRenderById, getVideoTemplate, hitCounter, insertVideoTemplate, listVideoTemplates, minuteWindow, secondsUntil, updateVideoTemplate, type VideoTemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf, type AuthContext } from '../http/auth.js';
import { setRateLimitHeaders } from '../http/rate-limit.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitRender, type RenderGatewayDeps } from '../renders/submit-render.js';
import { checkCodeTemplate } from '@pressroom/video';
import { writeScene, type AiProvider } from '../video/ai-scene-writer.js';
import { checkDesign, type CheckedDesign } from '../video/video-design.js';
import { timelineVariables } from '../video/video-variables.js';
import { videoTemplateView } from '../views/video-template-view.js';

export interface VideoRouteDeps extends RenderGatewayDeps {
  /** The AI provider for POST /video/templates/generate; unset → 501 ai-not-configured. */
  ai: AiProvider | null;
  guard: SsrfGuard;
  /** How long a render request waits for the file (videos take seconds to minutes). */
  videoWaitMs: number;
  /** The fixed per-owner minute limit of previews (PRESSROOM_VIDEO_PREVIEW_PER_MINUTE). */
  previewPerMinute: number;
}

/** How long generation waits for its preview frame before answering without it. */
const GENERATE_PREVIEW_WAIT_MS = 60_000;

/** Credits exhausted on video endpoints is a 402 (the contract), not the 429 of image endpoints. */
const VIDEO_QUOTA_STATUS = 402;

/** AI credits used up → 402 ai_quota_exceeded, a plain message and no retry hint. */
async function withAiQuotaProblem<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AiQuotaExceededError)) throw error;
    throw new ProblemError('ai-quota-exceeded', { code: 'ai_quota_exceeded', detail: error.message, extensions: { limit: error.limit, used: error.used } });
  }
}

function notFound(uid: string): ProblemError {
  return new ProblemError('not-found', { detail: `No video template with uid ${JSON.stringify(uid)} exists for this account.` });
}

async function loadVideoTemplate(deps: VideoRouteDeps, auth: AuthContext, uid: string): Promise<VideoTemplateRow> {
  const row = await getVideoTemplate(deps.db, { ownerId: auth.ownerId, uid });
  if (!row) throw notFound(uid);
  return row;
}

function sourceOf(row: VideoTemplateRow): VideoTemplateSource {
  return row.kind === 'code' ? { kind: 'code', tsx: row.tsx! } : { kind: 'timeline', projectJson: row.projectJson! };
}

/** Props for a code template are passed as given (its own defaults govern); a timeline's are validated. */
async function variablesFor(deps: VideoRouteDeps, row: VideoTemplateRow, supplied: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (row.kind === 'code') return supplied;
  return timelineVariables({ definitions: row.variableDefinitions as VariableDefinition[], supplied, guard: deps.guard });
}

function designFields(design: CheckedDesign) {
  const { tsx, projectJson, width, height, fps, durationInFrames } = design;
  return { tsx, projectJson, width, height, fps, durationInFrames };
}

interface VideoJob {
  auth: AuthContext;
  row: VideoTemplateRow;
  variables: Record<string, unknown>;
  mode: 'render' | 'preview';
  format: 'mp4' | 'gif' | 'png';
  frame: number | null;
  /** Render credits (default 1). */
  cost?: number;
}

function submitVideo(deps: VideoRouteDeps, job: VideoJob) {
  return submitRender(
    { ...deps, renderWaitMs: deps.videoWaitMs },
    {
      auth: job.auth,
      kind: 'video',
      idPrefix: 'vid',
      extension: job.format,
      origin: 'template',
      templateId: job.row.uid,
      format: job.format,
      width: job.row.width,
      height: job.row.height,
      quotaStatus: VIDEO_QUOTA_STATUS,
      ...(job.cost !== undefined ? { cost: job.cost } : {}),
      subject: CATALOG.renderVideo,
      command: async ({ id, output, requestedAt }) => ({
        renderId: id,
        accountId: job.auth.account.id,
        ownerId: job.auth.ownerId,
        origin: 'template' as const,
        templateId: job.row.uid,
        template: sourceOf(job.row),
        variables: job.variables,
        mode: job.mode,
        format: job.format,
        frame: job.frame,
        output,
        requestedAt,
      }),
    },
  );
}

/** Previews carry a fixed per-owner minute limit with the rate-limit headers (docs/video.md). */
async function countPreview(deps: VideoRouteDeps, res: Parameters<typeof setRateLimitHeaders>[0], ownerId: string): Promise<void> {
  const at = new Date();
  const window = minuteWindow(at);
  const count = await hitCounter(deps.db, { ownerId, scope: 'endpoint:video-preview', window });
  setRateLimitHeaders(res, { scope: 'minute', limit: deps.previewPerMinute, count, window });
  if (count > deps.previewPerMinute) {
    const retryAfter = secondsUntil(window.end, at);
    throw new ProblemError('rate-limit', {
      detail: `Video previews allow ${deps.previewPerMinute} requests per minute. Retry in ${retryAfter} seconds.`,
      headers: { 'Retry-After': String(retryAfter) },
      extensions: { limit: deps.previewPerMinute, window: 'minute' },
    });
  }
}

/** /video/templates: code (TSX) and timeline (projectJson) templates, rendered by the video service. */
export function videoRoutes(deps: VideoRouteDeps): Router {
  const router = Router();

  defineRoute(router, '/video/templates', {
    get: handler(async (req, res) => {
      const query = parseOrThrow(VideoTemplateListQuery, req.query);
      const { rows, total } = await listVideoTemplates(deps.db, { ownerId: authOf(res).ownerId, page: query.page, limit: query.limit });
      res.json({ templates: rows.map((row) => videoTemplateView(row, { withDesign: false })), pagination: paginate({ page: query.page, limit: query.limit, total }) });
    }),
    post: handler(async (req, res) => {
      const body = parseOrThrow(VideoTemplateCreate, req.body);
      const auth = authOf(res);
      const design = await checkDesign(body.tsx !== undefined ? { tsx: body.tsx } : { projectJson: body.projectJson! });
      const row = await insertVideoTemplate(deps.db, {
        uid: newId('vtp'),
        ownerId: auth.ownerId,
        name: body.name ?? 'Untitled video',
        kind: design.kind,
        ...designFields(design),
        variableDefinitions: body.variableDefinitions ?? design.derivedDefinitions,
      });
      res.status(201).location(`/video/templates/${row.uid}`).json({ template: videoTemplateView(row) });
    }),
  });

  // Before /:uid, which would otherwise take `generate` for a uid.
  defineRoute(router, '/video/templates/generate', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(VideoGenerateRequest, req.body);
      const auth = authOf(res);
      if (!deps.ai) throw new ProblemError('ai-not-configured', { detail: 'This server has no AI provider configured (PRESSROOM_AI_BASE_URL, PRESSROOM_AI_API_KEY).' });
      await withAiQuotaProblem(() => assertAiCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: VIDEO_GENERATE_AI_COST }));
      const tsx = await writeScene({
        provider: deps.ai,
        brief: { prompt: body.prompt, width: body.width, height: body.height, durationSeconds: body.durationSeconds, brandColor: body.brandColor ?? null },
        check: async (candidate) => {
          const checked = await checkCodeTemplate(candidate);
          return checked.ok ? { ok: true } : { ok: false, errors: checked.errors.map((e) => (e.line === null ? e.message : `${e.line}:${e.column ?? 0}: ${e.message}`)) };
        },
      });
      const design = await checkDesign({ tsx });
      const row = await insertVideoTemplate(deps.db, {
        uid: newId('vtp'),
        ownerId: auth.ownerId,
        name: body.prompt.slice(0, 80),
        kind: 'code',
        ...designFields(design),
        variableDefinitions: design.derivedDefinitions,
      });
      // Charged once the draft exists: failures above cost nothing.
      await spendAiCredits(deps.db, { ownerId: auth.ownerId, amount: VIDEO_GENERATE_AI_COST });
      // The preview frame is part of the AI price (cost 0); a slow or failed preview leaves previewUrl null.
      const preview = await submitVideo(
        { ...deps, videoWaitMs: GENERATE_PREVIEW_WAIT_MS },
        { auth, row, variables: {}, mode: 'preview', format: 'png', frame: Math.floor(row.durationInFrames / 2), cost: 0 },
      ).catch(() => null);
      res.status(201).location(`/video/templates/${row.uid}`).json({ template: videoTemplateView(row), previewUrl: preview?.state === 'done' ? preview.url : null });
    }),
  });

  defineRoute(router, '/video/templates/:uid', {
    get: handler(async (req, res) => {
      res.json({ template: videoTemplateView(await loadVideoTemplate(deps, authOf(res), req.params.uid as string)) });
    }),
    put: handler(async (req, res) => {
      const body = parseOrThrow(VideoTemplateUpdate, req.body);
      const auth = authOf(res);
      const uid = req.params.uid as string;
      const current = await loadVideoTemplate(deps, auth, uid);
      if ((current.kind === 'code' && body.projectJson !== undefined) || (current.kind === 'timeline' && body.tsx !== undefined)) {
        const field = current.kind === 'code' ? 'projectJson' : 'tsx';
        throw new ProblemError('validation-error', {
          detail: `This is a ${current.kind} template; its design is \`${current.kind === 'code' ? 'tsx' : 'projectJson'}\`. Create a new template to change the kind.`,
          errors: [{ field, message: `A ${current.kind} template has no ${field}.` }],
        });
      }
      // A code template is recompiled and revalidated on every design change.
      const design = body.tsx !== undefined ? await checkDesign({ tsx: body.tsx }) : body.projectJson !== undefined ? await checkDesign({ projectJson: body.projectJson }) : null;
      const row = await updateVideoTemplate(deps.db, {
        ownerId: auth.ownerId,
        uid,
        patch: {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(design ? designFields(design) : {}),
          ...(body.variableDefinitions !== undefined
            ? { variableDefinitions: body.variableDefinitions }
            : design?.kind === 'code'
              ? { variableDefinitions: design.derivedDefinitions }
              : {}),
        },
      });
      if (!row) throw notFound(uid);
      res.json({ template: videoTemplateView(row) });
    }),
    delete: handler(async (req, res) => {
      const uid = req.params.uid as string;
      if (!(await deleteVideoTemplate(deps.db, { ownerId: authOf(res).ownerId, uid }))) throw notFound(uid);
      res.json({ message: 'Video template deleted', uid });
    }),
  });

  defineRoute(router, '/video/templates/:uid/duplicate', {
    post: handler(async (req, res) => {
      const auth = authOf(res);
      const source = await loadVideoTemplate(deps, auth, req.params.uid as string);
      const { uid: _uid, createdAt: _c, updatedAt: _u, ...fields } = source;
      const row = await insertVideoTemplate(deps.db, { ...fields, uid: newId('vtp'), name: `${source.name} (copy)`.slice(0, 200) });
      res.status(201).location(`/video/templates/${row.uid}`).json({ template: videoTemplateView(row) });
    }),
  });

  defineRoute(router, '/video/templates/:uid/variables', {
    get: handler(async (req, res) => {
      const row = await loadVideoTemplate(deps, authOf(res), req.params.uid as string);
      res.json({ uid: row.uid, kind: row.kind, variableDefinitions: row.variableDefinitions });
    }),
  });

  defineRoute(router, '/video/templates/:uid/render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(VideoRenderRequest, req.body);
      const auth = authOf(res);
      const row = await loadVideoTemplate(deps, auth, req.params.uid as string);
      const variables = await variablesFor(deps, row, body.variables);
      const wait = await submitVideo(deps, { auth, row, variables, mode: 'render', format: body.format, frame: null });
      if (wait.state === 'pending') {
        res.status(202).location(`/video/renders/${wait.id}`).json({ id: wait.id, status: 'queued', url: null, createdAt: wait.createdAt });
        return;
      }
      const render = (await getRenderById(deps.db, wait.id))!;
      const details = render.details ?? {};
      const result: VideoRenderResult = {
        id: render.id,
        url: wait.url,
        durationInFrames: Number(details.durationInFrames ?? row.durationInFrames),
        format: body.format,
        width: render.width,
        height: render.height,
        fps: Number(details.fps ?? row.fps),
        createdAt: wait.createdAt,
      };
      res.json(result);
    }),
  });

  defineRoute(router, '/video/templates/:uid/preview', {
    post: handler(async (req, res) => {
      const auth = authOf(res);
      await countPreview(deps, res, auth.ownerId);
      const body = parseOrThrow(VideoPreviewRequest, req.body);
      const row = await loadVideoTemplate(deps, auth, req.params.uid as string);
      if (row.kind !== 'code') {
        throw new ProblemError('preview-not-supported', { code: 'preview_not_supported', detail: 'Single-frame previews are available for code templates only; render the timeline template instead.' });
      }
      const wait = await submitVideo(deps, { auth, row, variables: body.variables, mode: 'preview', format: 'png', frame: body.frame });
      if (wait.state === 'pending') {
        res.status(202).location(`/video/renders/${wait.id}`).json({ id: wait.id, status: 'queued', url: null, createdAt: wait.createdAt });
        return;
      }
      const render = (await getRenderById(deps.db, wait.id))!;
      const png = await deps.storage.get(render.storageKey!);
      if (!png) throw new ProblemError('internal-error', { detail: 'The preview frame was rendered but could not be read back.' });
      res.status(200).type('image/png').set({ 'X-Pressroom-Render-Id': render.id, 'X-Pressroom-Frame': String(render.details?.frame ?? body.frame) }).send(png.bytes);
    }),
  });

  defineRoute(router, '/video/renders/:id', {
    get: handler(async (req, res) => {
      const id = req.params.id as string;
      const auth = authOf(res);
      const render = await getRenderById(deps.db, id);
      if (!render || render.ownerId !== auth.ownerId || render.kind !== 'video') throw new ProblemError('not-found', { detail: `No video render with id ${JSON.stringify(id)} exists for this account.` });
      res.json({
        id: render.id,
        status: render.state,
        url: render.state === 'done' ? render.url : null,
        format: render.format,
        templateId: render.templateId,
        width: render.width,
        height: render.height,
        durationInFrames: render.details?.durationInFrames ?? null,
        fps: render.details?.fps ?? null,
        error: render.state === 'failed' ? render.error : null,
        createdAt: render.createdAt.toISOString(),
      });
    }),
  });

  return router;
}
