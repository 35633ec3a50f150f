import {
  DEFAULT_IMAGE_QUALITY,
  IMAGE_DEFAULT_HEIGHT,
  IMAGE_DEFAULT_WIDTH,
  formatOfExtension,
  pickRenderControls,
  type ImageRequest,
} from '@pressroom/contracts';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { AuthContext } from '../http/auth.js';
import { loadTemplate } from './load-template.js';
import { renderTemplate, type TemplateRenderOutcome } from './render-template.js';
import { submitImageRender, type RenderGatewayDeps, type SubmitOutcome } from './submit-image-render.js';
import { assertFetchableUrl } from './target-url.js';

/** HTML and URL renders answer as a plain render; a template's carry the template's `results` too. */
export type ImageRequestOutcome = { kind: 'plain'; outcome: SubmitOutcome } | (TemplateRenderOutcome & { templateUid: string });

/**
 * An image render as POST /image describes it (HTML, URL or template), shared by that
 * route and the MCP `render_image` tool so both apply the same rules.
 */
export async function renderImageRequest(
  deps: RenderGatewayDeps & { guard: SsrfGuard },
  auth: AuthContext,
  body: ImageRequest,
): Promise<ImageRequestOutcome> {
  const format = formatOfExtension(body.fileExtension);
  const quality = body.quality ?? DEFAULT_IMAGE_QUALITY;
  const controls = pickRenderControls(body);
  if (body.html === undefined && body.url === undefined) {
    const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.template! });
    const rendered = await renderTemplate(deps, {
      auth,
      template,
      variables: body.variables ?? {},
      layout: body.layout,
      layouts: body.layouts,
      width: body.width,
      height: body.height,
      selector: body.selector ?? null,
      format,
      quality,
      controls,
    });
    return { ...rendered, templateUid: template.uid };
  }
  const outcome = await submitImageRender(deps, {
    auth,
    origin: body.html !== undefined ? 'html' : 'url',
    templateId: null,
    source:
      body.html !== undefined
        ? { kind: 'html', html: body.html, jsEnabled: true }
        : { kind: 'url', url: await assertFetchableUrl(deps.guard, body.url!) },
    width: body.width ?? IMAGE_DEFAULT_WIDTH,
    height: body.height ?? IMAGE_DEFAULT_HEIGHT,
    selector: body.selector ?? null,
    format,
    quality,
    controls,
  });
  return { kind: 'plain', outcome };
}
