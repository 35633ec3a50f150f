import { Router } from 'express';
import { VIDEO_GENERATE_AI_COST, VideoGenerateRequest, newId } from '@pressroom/contracts';
import { assertAiCreditsAvailable, assertCreditsAvailable, insertVideoTemplate, spendAiCredits } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { checkCodeTemplate } from '@pressroom/video';
import { authOf } from '../http/auth.js';
import { withAiQuotaProblem, withQuotaProblem } from '../http/quota-problem.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import type { AiProvider } from '../ai/chat-completion.js';
import { writeScene } from '../video/ai-scene-writer.js';
import { VIDEO_QUOTA_STATUS, submitVideoRender, type VideoGatewayDeps } from '../video/submit-video-render.js';
import { checkDesign, designFields } from '../video/video-design.js';
import { videoTemplateView } from '../views/video-template-view.js';

/** How long generation waits for its preview frame before answering without it. */
const PREVIEW_WAIT_MS = 60_000;

/**
 * POST /video/templates/generate: an AI-written code template (docs/video.md). Mounted before the
 * /video/templates/:uid routes, which would otherwise take `generate` for a uid.
 */
export function videoGenerateRoutes(deps: VideoGatewayDeps & { ai: AiProvider | null }): Router {
  const router = Router();
  defineRoute(router, '/video/templates/generate', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(VideoGenerateRequest, req.body);
      const auth = authOf(res);
      if (!deps.ai)
        throw new ProblemError('ai-not-configured', {
          detail: 'This server has no AI provider configured (PRESSROOM_AI_BASE_URL, PRESSROOM_AI_API_KEY).',
        });
      await withAiQuotaProblem(() => assertAiCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: VIDEO_GENERATE_AI_COST }));
      // Generation is also metered as one render (the contract's credits rule): its preview frame is that render.
      await withQuotaProblem(() => assertCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: 1 }), VIDEO_QUOTA_STATUS);
      const tsx = await writeScene({
        provider: deps.ai,
        brief: {
          prompt: body.prompt,
          width: body.width,
          height: body.height,
          durationSeconds: body.durationSeconds,
          brandColor: body.brandColor ?? null,
        },
        check: async (candidate) => {
          const checked = await checkCodeTemplate(candidate);
          return checked.ok
            ? { ok: true }
            : { ok: false, errors: checked.errors.map((e) => (e.line === null ? e.message : `${e.line}:${e.column ?? 0}: ${e.message}`)) };
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
      // A slow or failed preview leaves previewUrl null; the template stands.
      const preview = await submitVideoRender(
        { ...deps, videoWaitMs: PREVIEW_WAIT_MS },
        { auth, row, variables: {}, mode: 'preview', format: 'png', frame: Math.floor(row.durationInFrames / 2) },
      ).catch(() => null);
      res
        .status(201)
        .location(`/video/templates/${row.uid}`)
        .json({ template: videoTemplateView(row), previewUrl: preview?.state === 'done' ? preview.url : null });
    }),
  });
  return router;
}
