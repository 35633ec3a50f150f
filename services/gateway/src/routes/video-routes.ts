import { Router } from 'express';
import {
  VideoPreviewRequest,
  VideoRenderRequest,
  VideoTemplateCreate,
  VideoTemplateListQuery,
  VideoTemplateUpdate,
  newId,
  paginate,
  type VariableDefinition,
  type VideoRenderResult,
  type VideoSceneModule,
} from '@pressroom/contracts';
import {
  assertCreditsAvailable,
  deleteVideoTemplate,
  spendAiCredits,
  getRenderById,
  getVideoTemplate,
  insertVideoTemplate,
  listVideoTemplates,
  updateVideoTemplate,
  type VideoTemplateRow,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import { bindTimelineVariables, type ResolvedTimeline } from '@pressroom/video';
import type { AiProvider } from '../ai/chat-completion.js';
import { withQuotaProblem } from '../http/quota-problem.js';
import { resolveRenderCaptions } from '../video/captions.js';
import { authOf } from '../http/auth.js';
import { countEndpointMinute } from '../http/endpoint-limit.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import {
  VIDEO_QUOTA_STATUS,
  loadVideoTemplate,
  submitVideoRender,
  videoTemplateNotFound,
  type VideoGatewayDeps,
} from '../video/submit-video-render.js';
import { checkDesign, compileCodeTemplate, designFields, requestedSize } from '../video/video-design.js';
import { timelineVariables } from '../video/video-variables.js';
import { videoTemplateView } from '../views/video-template-view.js';
import { respondQueued } from './respond-render.js';

export interface VideoRouteDeps extends VideoGatewayDeps {
  guard: SsrfGuard;
  /** The AI provider for captions from speech (PRESSROOM_AI_*), or null. */
  ai: AiProvider | null;
  /** The fixed per-owner minute limit of previews (PRESSROOM_VIDEO_PREVIEW_PER_MINUTE). */
  previewPerMinute: number;
}

/**
 * The render's variables and, for a timeline, the project with them in place (and where each came
 * from). Props for a code template are passed as given (its own defaults govern); a timeline's are validated.
 */
async function boundFor(
  deps: VideoRouteDeps,
  row: VideoTemplateRow,
  supplied: Record<string, unknown>,
): Promise<{ variables: Record<string, unknown>; timeline?: { project: ResolvedTimeline; boundAt: Map<string, string> } }> {
  if (row.kind === 'code') return { variables: supplied };
  const variables = await timelineVariables({ definitions: row.variableDefinitions as VariableDefinition[], supplied, guard: deps.guard });
  // Bound values that break the project (a negative duration, a colour that is not one) are the variable's fault: 422 now, not a failed render.
  const bound = bindTimelineVariables(row.projectJson, variables);
  if (!bound.ok)
    throw new ProblemError('invalid-variable', {
      code: 'invalid_variable',
      detail: `The timeline does not render with these variables: ${bound.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors: bound.errors,
    });
  return { variables, timeline: { project: bound.project, boundAt: bound.boundAt } };
}

/**
 * A timeline's caption clips resolved to cues before the render is queued (subtitles fetched and
 * parsed, speech transcribed: the renderer has no AI provider), or nothing when it has none. The
 * render credit is checked first, so a render that cannot run never reaches the AI provider.
 */
async function captionedProject(
  deps: VideoRouteDeps,
  auth: { ownerId: string },
  timeline: { project: ResolvedTimeline; boundAt: Map<string, string> } | undefined,
): Promise<{ projectJson: Record<string, unknown>; aiCredits: number } | null> {
  if (!timeline || !timeline.project.tracks.some((track) => track.clips.some((clip) => clip.type === 'caption'))) return null;
  await withQuotaProblem(() => assertCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: 1 }), VIDEO_QUOTA_STATUS);
  const { boundAt } = timeline;
  const resolved = await resolveRenderCaptions(deps, {
    ownerId: auth.ownerId,
    project: timeline.project,
    fieldOf: (path) => (boundAt.has(path) ? `variables.${boundAt.get(path)}` : `projectJson.${path}`),
  });
  return { projectJson: resolved.project as unknown as Record<string, unknown>, aiCredits: resolved.aiCredits };
}

/** A design of the other kind is refused: the kind of a template never changes. */
function assertSameKind(current: VideoTemplateRow, body: { tsx?: unknown; projectJson?: unknown }): void {
  if ((current.kind === 'code' && body.projectJson !== undefined) || (current.kind === 'timeline' && body.tsx !== undefined)) {
    const field = current.kind === 'code' ? 'projectJson' : 'tsx';
    throw new ProblemError('validation-error', {
      detail: `This is a ${current.kind} template; its design is \`${current.kind === 'code' ? 'tsx' : 'projectJson'}\`. Create a new template to change the kind.`,
      errors: [{ field, message: `A ${current.kind} template has no ${field}.` }],
    });
  }
}

/** /video/templates: code (TSX) and timeline (projectJson) templates, rendered by the video service. */
export function videoRoutes(deps: VideoRouteDeps): Router {
  const router = Router();

  defineRoute(router, '/video/templates', {
    get: handler(async (req, res) => {
      const query = parseOrThrow(VideoTemplateListQuery, req.query);
      const { rows, total } = await listVideoTemplates(deps.db, { ownerId: authOf(res).ownerId, ...query });
      res.json({
        templates: rows.map((row) => videoTemplateView(row, { withDesign: false })),
        pagination: paginate({ page: query.page, limit: query.limit, total }),
      });
    }),
    post: handler(async (req, res) => {
      const body = parseOrThrow(VideoTemplateCreate, req.body);
      const auth = authOf(res);
      const design = await checkDesign(
        body.tsx !== undefined ? { tsx: body.tsx, size: requestedSize(body) } : { projectJson: body.projectJson! },
      );
      const row = await insertVideoTemplate(deps.db, {
        uid: newId('vtp'),
        ownerId: auth.ownerId,
        name: body.name ?? 'Untitled video',
        kind: design.kind,
        ...designFields(design),
        variableDefinitions: body.variableDefinitions ?? design.derivedDefinitions,
      });
      res
        .status(201)
        .location(`/video/templates/${row.uid}`)
        .json({ template: videoTemplateView(row) });
    }),
  });

  defineRoute(router, '/video/templates/:uid', {
    get: handler(async (req, res) => {
      res.json({ template: videoTemplateView(await loadVideoTemplate(deps, authOf(res), req.params.uid as string)) });
    }),
    put: handler(async (req, res) => {
      const auth = authOf(res);
      const uid = req.params.uid as string;
      let body: VideoTemplateUpdate;
      try {
        body = parseOrThrow(VideoTemplateUpdate, req.body);
      } catch (error) {
        // A project sent to a code template (or TSX to a timeline) is the wrong design, whatever is inside it.
        const current = await getVideoTemplate(deps.db, { ownerId: auth.ownerId, uid });
        const raw = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
        if (current) assertSameKind(current, { tsx: raw.tsx, projectJson: raw.projectJson });
        throw error;
      }
      const current = await loadVideoTemplate(deps, auth, uid);
      assertSameKind(current, body);
      // A code template is recompiled and revalidated on every design change.
      const design =
        body.tsx !== undefined
          ? await checkDesign({ tsx: body.tsx, size: requestedSize(body, current) })
          : body.projectJson !== undefined
            ? await checkDesign({ projectJson: body.projectJson })
            : null;
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
      if (!row) throw videoTemplateNotFound(uid);
      res.json({ template: videoTemplateView(row) });
    }),
    delete: handler(async (req, res) => {
      const uid = req.params.uid as string;
      if (!(await deleteVideoTemplate(deps.db, { ownerId: authOf(res).ownerId, uid }))) throw videoTemplateNotFound(uid);
      res.json({ message: 'Video template deleted', uid });
    }),
  });

  defineRoute(router, '/video/templates/:uid/duplicate', {
    post: handler(async (req, res) => {
      const auth = authOf(res);
      const source = await loadVideoTemplate(deps, auth, req.params.uid as string);
      const { uid: _uid, createdAt: _c, updatedAt: _u, ...fields } = source;
      const row = await insertVideoTemplate(deps.db, { ...fields, uid: newId('vtp'), name: `${source.name} (copy)`.slice(0, 200) });
      res
        .status(201)
        .location(`/video/templates/${row.uid}`)
        .json({ template: videoTemplateView(row) });
    }),
  });

  defineRoute(router, '/video/templates/:uid/variables', {
    get: handler(async (req, res) => {
      const row = await loadVideoTemplate(deps, authOf(res), req.params.uid as string);
      // `templateUid`, `templateName`, `variables` and `referenced`: the members the hosted service's SDK reads.
      res.json({
        uid: row.uid,
        kind: row.kind,
        variableDefinitions: row.variableDefinitions,
        templateUid: row.uid,
        templateName: row.name,
        variables: row.variableDefinitions,
        referenced: (row.variableDefinitions as Array<{ name: string }>).map((definition) => definition.name),
      });
    }),
  });

  defineRoute(router, '/video/templates/:uid/module', {
    // The saved scene compiled for a browser (the dashboard's player): the same build and allow-list as a render.
    get: handler(async (req, res) => {
      const row = await loadVideoTemplate(deps, authOf(res), req.params.uid as string);
      if (row.kind !== 'code')
        throw new ProblemError('not-found', {
          detail: `Video template ${JSON.stringify(row.uid)} is a timeline template; only code templates have a scene module.`,
        });
      const size = { width: row.width, height: row.height, fps: row.fps, durationInFrames: row.durationInFrames };
      const { meta, code } = await compileCodeTemplate(row.tsx!, size);
      const body: VideoSceneModule = { uid: row.uid, code, ...meta };
      res.set('Cache-Control', 'no-store').json(body);
    }),
  });

  defineRoute(router, '/video/templates/:uid/render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(VideoRenderRequest, req.body);
      const auth = authOf(res);
      const row = await loadVideoTemplate(deps, auth, req.params.uid as string);
      const { variables, timeline } = await boundFor(deps, row, body.variables);
      const captioned = await captionedProject(deps, auth, timeline);
      const wait = await submitVideoRender(deps, {
        auth,
        row,
        variables,
        mode: 'render',
        format: body.format,
        frame: null,
        askedVariables: body.variables,
        ...(captioned ? { projectJson: captioned.projectJson } : {}),
      });
      // Transcriptions are spent once the render is accepted and has not failed (a failure above throws and costs nothing).
      if (captioned && captioned.aiCredits > 0) await spendAiCredits(deps.db, { ownerId: auth.ownerId, amount: captioned.aiCredits });
      if (wait.state === 'pending') {
        respondQueued(res, wait, `/video/renders/${wait.id}`);
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
        posterUrl: typeof details.posterUrl === 'string' ? details.posterUrl : null,
        createdAt: wait.createdAt,
      };
      res.json(result);
    }),
  });

  defineRoute(router, '/video/templates/:uid/preview', {
    post: handler(async (req, res) => {
      const auth = authOf(res);
      // Counted before the body is read: invalid previews count too.
      await countEndpointMinute(deps.db, res, {
        ownerId: auth.ownerId,
        scope: 'video-preview',
        limit: deps.previewPerMinute,
        what: 'Video previews',
      });
      const body = parseOrThrow(VideoPreviewRequest, req.body);
      const row = await loadVideoTemplate(deps, auth, req.params.uid as string);
      if (row.kind !== 'code') {
        throw new ProblemError('preview-not-supported', {
          code: 'preview_not_supported',
          detail: 'Single-frame previews are available for code templates only; render the timeline template instead.',
        });
      }
      const wait = await submitVideoRender(deps, {
        auth,
        row,
        variables: body.variables,
        mode: 'preview',
        format: 'png',
        frame: body.frame,
      });
      if (wait.state === 'pending') {
        respondQueued(res, wait, `/video/renders/${wait.id}`);
        return;
      }
      const render = (await getRenderById(deps.db, wait.id))!;
      const png = await deps.storage.get(render.storageKey!);
      if (!png) throw new ProblemError('internal-error', { detail: 'The preview frame was rendered but could not be read back.' });
      res
        .status(200)
        .type('image/png')
        .set({ 'X-Pressroom-Render-Id': render.id, 'X-Pressroom-Frame': String(render.details?.frame ?? body.frame) })
        .send(png.bytes);
    }),
  });

  defineRoute(router, '/video/renders/:id', {
    get: handler(async (req, res) => {
      const id = req.params.id as string;
      const auth = authOf(res);
      const render = await getRenderById(deps.db, id);
      if (!render || render.ownerId !== auth.ownerId || render.kind !== 'video')
        throw new ProblemError('not-found', { detail: `No video render with id ${JSON.stringify(id)} exists for this account.` });
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
        posterUrl: render.state === 'done' ? (render.details?.posterUrl ?? null) : null,
        error: render.state === 'failed' ? render.error : null,
        createdAt: render.createdAt.toISOString(),
      });
    }),
  });

  return router;
}
