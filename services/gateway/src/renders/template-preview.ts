import { IMAGE_DEFAULT_HEIGHT, IMAGE_DEFAULT_WIDTH, type ImageFormat, type TemplatePreviewRequest } from '@pressroom/contracts';
import { PREVIEW_ORIGIN, blankTemplateRow, deleteRender, getRenderById, type TemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { canvasSizeOf, templateImageSource } from '@pressroom/render-requests';
import type { AuthContext } from '../http/auth.js';
import { submitImageRender, type RenderGatewayDeps } from './submit-image-render.js';
import { loadTemplate } from './load-template.js';

const PREVIEW_QUALITY = 0.85;

/** The template a preview shows: the saved one, with the request's unsaved design and definitions over it. */
async function draftTemplate(deps: RenderGatewayDeps, auth: AuthContext, body: TemplatePreviewRequest): Promise<TemplateRow> {
  const saved =
    body.templateUid !== undefined
      ? await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.templateUid })
      : blankTemplateRow({
          uid: 'preview',
          ownerId: auth.ownerId,
          name: 'preview',
          // An unsaved canvas states its own size, as POST /image/canvas reads it.
          width: (body.canvas && canvasSizeOf(body.canvas).width) ?? IMAGE_DEFAULT_WIDTH,
          height: (body.canvas && canvasSizeOf(body.canvas).height) ?? IMAGE_DEFAULT_HEIGHT,
        });
  return {
    ...saved,
    ...(body.html !== undefined ? { html: body.html, fabricJSData: null } : {}),
    ...(body.canvas !== undefined ? { html: null, fabricJSData: body.canvas } : {}),
    ...(body.variableDefinitions !== undefined ? { variableDefinitions: body.variableDefinitions } : {}),
    ...(body.strictVariables !== undefined ? { strictVariables: body.strictVariables } : {}),
  };
}

export interface PreviewImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/**
 * Render a template preview through the same planning and renderer as a
 * real render, at no credit: the render is marked `preview` (no webhook
 * event, no thumbnail, not in any history) and its row and file are
 * deleted once the bytes are read, or as soon as it failed.
 */
export async function renderTemplatePreview(
  deps: RenderGatewayDeps,
  input: { auth: AuthContext; body: TemplatePreviewRequest & { format: ImageFormat } },
): Promise<PreviewImage> {
  const { auth, body } = input;
  const template = await draftTemplate(deps, auth, body);
  const page = templateImageSource(template, {
    variables: body.variables ?? {},
    layout: typeof body.layout === 'string' ? body.layout : undefined,
  });
  const size = typeof body.layout === 'object' ? body.layout : { width: body.width ?? page.width, height: body.height ?? page.height };
  const outcome = await submitImageRender(deps, {
    auth,
    origin: PREVIEW_ORIGIN,
    templateId: null,
    source: page.source,
    width: size.width,
    height: size.height,
    selector: null,
    format: body.format,
    quality: PREVIEW_QUALITY,
    cost: 0,
    // A draft that fails to render (a blocked URL, a time-out) must not leave a failed row behind either.
    discardFailedRow: true,
  });
  const id = outcome.state === 'done' ? outcome.result.id : outcome.id;
  try {
    if (outcome.state === 'pending') {
      throw new ProblemError('render-timeout', { detail: 'The preview did not finish in time; simplify the template or try again.' });
    }
    const row = await getRenderById(deps.db, id);
    const stored = row?.storageKey ? await deps.storage.get(row.storageKey) : null;
    if (!row || !stored) throw new ProblemError('internal-error', { detail: 'The preview was rendered but could not be read back.' });
    await deps.storage.delete(row.storageKey!).catch(() => {});
    return { bytes: stored.bytes, contentType: row.contentType ?? stored.contentType, width: row.width, height: row.height };
  } finally {
    await deleteRender(deps.db, { ownerId: auth.ownerId, id });
  }
}
