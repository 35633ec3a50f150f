import { CATALOG, type ImageFormat, type ImageResult, type RenderImageCommand } from '@pressroom/contracts';
import type { AuthContext } from '../http/auth.js';
import { canvasCommandSource, type CanvasRenderSource } from './canvas-source.js';
import { commandSource, submitRender, type RenderGatewayDeps } from './submit-render.js';

export type { RenderGatewayDeps } from './submit-render.js';

export interface ImageRenderInput {
  auth: AuthContext;
  origin: RenderImageCommand['origin'];
  templateId: string | null;
  source: { kind: 'html'; html: string; jsEnabled: boolean } | { kind: 'url'; url: string } | CanvasRenderSource;
  width: number;
  height: number;
  selector: string | null;
  format: ImageFormat;
  quality: number;
  /** Render credits (default 1; 0 inside AI operations, whose price includes their renders). */
  cost?: number;
}

export type SubmitOutcome =
  | { state: 'done'; result: ImageResult }
  /** The wait ran out; the render goes on and shows up in GET /image/{id}. */
  | { state: 'pending'; id: string; createdAt: string };

/**
 * Accept an image render: `render.image` through the shared submit path
 * (submit-render.ts: row, publish with the id as message id, wait).
 */
export async function submitImageRender(deps: RenderGatewayDeps, input: ImageRenderInput): Promise<SubmitOutcome> {
  const wait = await submitRender<RenderImageCommand>(deps, {
    auth: input.auth,
    kind: 'image',
    idPrefix: 'img',
    extension: input.format === 'jpeg' ? 'jpg' : input.format,
    origin: input.origin,
    templateId: input.templateId,
    format: input.format,
    width: input.width,
    height: input.height,
    ...(input.cost !== undefined ? { cost: input.cost } : {}),
    subject: CATALOG.renderImage,
    command: async ({ id, output, requestedAt }) => ({
      renderId: id,
      accountId: input.auth.account.id,
      ownerId: input.auth.ownerId,
      origin: input.origin,
      templateId: input.templateId,
      source:
        input.source.kind === 'canvas'
          ? await canvasCommandSource(deps.storage, id, input.source)
          : await commandSource(deps.storage, id, input.source),
      width: input.width,
      height: input.height,
      selector: input.selector,
      format: input.format,
      quality: input.quality,
      output,
      requestedAt,
    }),
  });
  if (wait.state === 'pending') return wait;
  return { state: 'done', result: { url: wait.url, id: wait.id, createdAt: wait.createdAt } };
}
