import { extensionOfFormat } from '@pressroom/contracts';
import { userStorageOf } from '../views/user-storage-view.js';
import { CATALOG, type ImageResult, type RenderImageCommand } from '@pressroom/contracts';
import { imageCommand, withOwnerAssets, type ImageRenderPlan } from '@pressroom/render-requests';
import type { AuthContext } from '../http/auth.js';
import { submitRender, type RenderGatewayDeps } from './submit-render.js';
import type { RenderVia } from '@pressroom/db';
import { askedDetails } from './asked-details.js';

export type { RenderGatewayDeps } from './submit-render.js';

export interface ImageRenderInput extends ImageRenderPlan {
  auth: AuthContext;
  /** Render credits (default 1; 0 inside AI operations, whose price includes their renders). */
  cost?: number;
  /** See RenderSubmission.discardFailedRow (previews). */
  discardFailedRow?: boolean;
  /** How a `GET /r/` render was asked for (the row's `via`; origin and command say `template`). */
  via?: RenderVia | undefined;
  /** A template render's variables, kept in the row's details when small (asked-details.ts). */
  variables?: Record<string, unknown> | undefined;
}

export type SubmitOutcome =
  | { state: 'done'; result: ImageResult }
  /** The wait ran out; the render goes on and shows up in GET /image/{id}. */
  | { state: 'pending'; id: string; createdAt: string };

/**
 * Accept an image render: the `render.image` command planned by
 * @pressroom/render-requests, through the shared submit path (submit-render.ts).
 */
export async function submitImageRender(deps: RenderGatewayDeps, input: ImageRenderInput): Promise<SubmitOutcome> {
  const { auth, cost, discardFailedRow, via, variables, ...planned } = input;
  const plan: ImageRenderPlan = { ...planned, source: await withOwnerAssets(deps, auth.ownerId, planned.source) };
  const wait = await submitRender<RenderImageCommand>(deps, {
    auth,
    kind: 'image',
    idPrefix: 'img',
    extension: extensionOfFormat(plan.format),
    origin: plan.origin,
    via,
    templateId: plan.templateId,
    format: plan.format,
    width: plan.width,
    height: plan.height,
    ...(cost !== undefined ? { cost } : {}),
    ...(discardFailedRow ? { discardFailedRow } : {}),
    // Before the owner's assets are inlined: the address as asked (a canvas render has none, nor any waits).
    details: askedDetails(planned.source, planned.source.kind === 'canvas' ? undefined : planned.controls, variables),
    subject: CATALOG.renderImage,
    command: (envelope) => imageCommand(deps.storage, plan, envelope),
  });
  if (wait.state === 'pending') return wait;
  return { state: 'done', result: { url: wait.url, id: wait.id, createdAt: wait.createdAt, ...userStorageOf(wait) } };
}
