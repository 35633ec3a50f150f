import { pickRenderControls, type GifRequest } from '@pressroom/contracts';
import { templatePage } from '@pressroom/render-requests';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { AuthContext } from '../http/auth.js';
import { loadTemplate } from './load-template.js';
import { submitGifRender, type GifRenderInput } from './submit-gif-render.js';
import type { RenderGatewayDeps, RenderWait } from './submit-render.js';
import { assertFetchableUrl } from './target-url.js';

/** A GIF animation as POST /gif describes it (HTML, URL or template); shared by that route and the MCP `render_gif` tool. */
export async function renderGifRequest(
  deps: RenderGatewayDeps & { guard: SsrfGuard },
  auth: AuthContext,
  body: GifRequest,
): Promise<RenderWait> {
  let source: GifRenderInput['source'];
  let templateId: string | null = null;
  if (body.html !== undefined) {
    source = { kind: 'html', html: body.html, jsEnabled: true };
  } else if (body.url !== undefined) {
    source = { kind: 'url', url: await assertFetchableUrl(deps.guard, body.url) };
  } else {
    const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.template! });
    const page = templatePage(template, { variables: body.variables ?? {} });
    source = { kind: 'html', html: page.html, jsEnabled: page.jsEnabled };
    templateId = template.uid;
  }
  return submitGifRender(deps, {
    auth,
    origin: body.html !== undefined ? 'html' : body.url !== undefined ? 'url' : 'template',
    mode: 'animation',
    templateId,
    source,
    width: body.width,
    height: body.height,
    quality: body.quality,
    durationSeconds: body.frameDurationSeconds ?? null,
    selector: null,
    waitForSelector: null,
    controls: pickRenderControls(body),
    cost: 1,
    ...(body.html === undefined && body.url === undefined ? { variables: body.variables ?? {} } : {}),
  });
}
