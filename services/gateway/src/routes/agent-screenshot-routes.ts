import { Router } from 'express';
import {
  AGENT_SCREENSHOT_AI_COST,
  AgentScreenshotRequest,
  DEFAULT_IMAGE_QUALITY,
  IMAGE_DEFAULT_HEIGHT,
  IMAGE_DEFAULT_WIDTH,
  formatOfExtension,
} from '@pressroom/contracts';
import { assertAiCreditsAvailable, spendAiCredits } from '@pressroom/db';
import { ProblemError, isProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { AiProvider } from '../ai/chat-completion.js';
import { planScreenshot } from '../ai/screenshot-planner.js';
import { authOf } from '../http/auth.js';
import { withAiQuotaProblem } from '../http/quota-problem.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitImageRender, type ImageRenderInput, type RenderGatewayDeps, type SubmitOutcome } from '../renders/submit-image-render.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { respondWithRender } from './respond-render.js';

/**
 * POST /image/agent-screenshot (the reference service's AI screenshot): the AI provider turns the
 * prompt into a URL and a selector; the page is captured like any URL screenshot, through the SSRF
 * guard. Mounted before the /image/:uid routes.
 */
export function agentScreenshotRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard; ai: AiProvider | null }): Router {
  const router = Router();
  defineRoute(router, '/image/agent-screenshot', {
    post: handler(async (req, res) => {
      const started = performance.now();
      const body = parseOrThrow(AgentScreenshotRequest, req.body);
      const auth = authOf(res);
      if (!deps.ai)
        throw new ProblemError('ai-not-configured', {
          detail: 'This server has no AI provider configured (PRESSROOM_AI_BASE_URL, PRESSROOM_AI_API_KEY).',
        });
      await withAiQuotaProblem(() => assertAiCreditsAvailable(deps.db, { ownerId: auth.ownerId, needed: AGENT_SCREENSHOT_AI_COST }));
      const plan = await planScreenshot(deps.ai, body.prompt);
      const url = await assertFetchableUrl(deps.guard, plan.url);
      const render = (selector: string | null): Promise<SubmitOutcome> => {
        const input: ImageRenderInput = {
          auth,
          origin: 'url',
          templateId: null,
          source: { kind: 'url', url },
          width: body.width ?? IMAGE_DEFAULT_WIDTH,
          height: body.height ?? IMAGE_DEFAULT_HEIGHT,
          selector,
          format: formatOfExtension(body.fileExtension),
          quality: DEFAULT_IMAGE_QUALITY,
          // The AI price includes the render.
          cost: 0,
        };
        return submitImageRender(deps, input);
      };
      let selector = plan.selector;
      let outcome: SubmitOutcome;
      try {
        outcome = await render(selector);
      } catch (error) {
        // The model guessed a selector the page does not have: the viewport is the next best answer.
        if (!(selector !== null && isProblemError(error) && error.slug === 'selector-not-found')) throw error;
        selector = null;
        outcome = await render(null);
      }
      await spendAiCredits(deps.db, { ownerId: auth.ownerId, amount: AGENT_SCREENSHOT_AI_COST });
      const metadata = {
        prompt: body.prompt,
        url,
        elementDescription: plan.elementDescription,
        selector,
        executionTime: Math.round(performance.now() - started),
      };
      respondWithRender(res, outcome, { metadata });
    }),
  });
  return router;
}
