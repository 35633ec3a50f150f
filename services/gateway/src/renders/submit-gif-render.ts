import { CATALOG, type RenderGifCommand } from '@pressroom/contracts';
import { gifCommand, withOwnerAssets, type GifRenderPlan } from '@pressroom/render-requests';
import type { AuthContext } from '../http/auth.js';
import { submitRender, type RenderGatewayDeps, type RenderWait } from './submit-render.js';
import { askedDetails } from './asked-details.js';

export interface GifRenderInput extends GifRenderPlan {
  auth: AuthContext;
  /** Render credits: 1 for an animation, GIF_CAPTURE_COST for a recording. */
  cost: number;
  /** A template render's variables, kept in the row's details when small (asked-details.ts). */
  variables?: Record<string, unknown> | undefined;
}

/** Accept a GIF render: the `render.gif` command planned by @pressroom/render-requests, through the shared submit path. */
export async function submitGifRender(deps: RenderGatewayDeps, input: GifRenderInput): Promise<RenderWait> {
  const { auth, cost, variables, ...planned } = input;
  const plan: GifRenderPlan = { ...planned, source: await withOwnerAssets(deps, auth.ownerId, planned.source) };
  return submitRender<RenderGifCommand>(deps, {
    auth,
    kind: 'gif',
    idPrefix: 'gif',
    extension: 'gif',
    origin: plan.origin,
    templateId: plan.templateId,
    format: 'gif',
    width: plan.width,
    height: plan.height,
    cost,
    // A capture waits on `waitForSelector`; an animation on its render controls (docs/render-controls.md).
    details: askedDetails(
      planned.source,
      planned.waitForSelector ? { ...planned.controls, waitForSelector: planned.waitForSelector } : planned.controls,
      variables,
    ),
    subject: CATALOG.renderGif,
    command: (envelope) => gifCommand(deps.storage, plan, envelope),
  });
}
