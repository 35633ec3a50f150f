import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GifRequest, ImageRequest, PdfRenderRequest, formatOfExtension } from '@pressroom/contracts';
import { getRenderById } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { AuthContext } from '../http/auth.js';
import { renderGifRequest } from '../renders/gif-request.js';
import { renderImageRequest } from '../renders/image-request.js';
import { renderPdfRequest } from '../renders/pdf-request.js';
import type { RenderGatewayDeps, RenderWait } from '../renders/submit-render.js';
import { gifResult, queuedGif } from '../views/gif-view.js';
import { pdfResultOfRow } from '../views/pdf-view.js';
import { imageContent } from './image-content.js';
import { defineTool, type McpTool } from './tool.js';
import { jsonResult, type ToolContext } from './tool-result.js';

export type RenderToolDeps = RenderGatewayDeps & { guard: SsrfGuard } & ToolContext;

/**
 * Still rendering when the wait ran out: the id, as the HTTP 202 answers, and the tool that
 * fetches the render by it (`poll`) until its status is done or failed.
 */
function queued(wait: { id: string; createdAt: string }, tool: string, extra: Record<string, unknown> = {}): CallToolResult {
  return jsonResult({
    ...extra,
    id: wait.id,
    status: 'queued',
    url: null,
    createdAt: wait.createdAt,
    poll: { tool, arguments: { id: wait.id } },
  });
}

async function stored(deps: RenderToolDeps, wait: RenderWait & { state: 'done' }) {
  const row = await getRenderById(deps.db, wait.id);
  if (!row) throw new Error(`render ${wait.id} finished but has no row`);
  return row;
}

/** render_image, render_gif, render_pdf: the bodies of POST /image, /gif and /pdf/render. */
export function renderTools(deps: RenderToolDeps, auth: AuthContext): McpTool[] {
  return [
    defineTool({
      name: 'render_image',
      title: 'Render an image',
      description:
        'Render a PNG, JPEG or WebP image from `html`, a public `url` or a saved `template` (with `variables`). ' +
        'Answers the file URL and the image itself. Same body as POST /image. ' +
        'A render that outlives the wait answers `status: "queued"`: follow it with get_image.',
      input: ImageRequest,
      run: async (body) => {
        const rendered = await renderImageRequest(deps, auth, body);
        if (rendered.kind === 'layouts') return jsonResult({ renders: rendered.renders });
        const { outcome } = rendered;
        if (outcome.state === 'pending') return queued(outcome, 'get_image');
        const image = await imageContent(deps.storage, outcome.result.id, formatOfExtension(body.fileExtension));
        return jsonResult({ ...outcome.result }, image);
      },
    }),
    defineTool({
      name: 'render_gif',
      title: 'Render a GIF',
      description:
        'Render an animated GIF from `html`, a public `url` or a saved `template`. Same body as POST /gif. ' +
        'A render that outlives the wait answers `status: "queued"`: follow it with get_gif.',
      input: GifRequest,
      run: async (body) => {
        const wait = await renderGifRequest(deps, auth, body);
        if (wait.state === 'pending') return queued(wait, 'get_gif', { uid: wait.id, gif: queuedGif(wait) });
        return jsonResult({ gif: gifResult(await stored(deps, wait)) });
      },
    }),
    defineTool({
      name: 'render_pdf',
      title: 'Render a PDF',
      description:
        'Print a PDF from `html`, a public `url` or a saved `template` (`preset` such as A4, margins, landscape…). ' +
        'Answers the file URL. Same body as POST /pdf/render. ' +
        'A render that outlives the wait answers `status: "queued"`: follow it with get_pdf.',
      input: PdfRenderRequest,
      run: async (body) => {
        const wait = await renderPdfRequest(deps, auth, body);
        if (wait.state === 'pending') return queued(wait, 'get_pdf');
        return jsonResult({ ...pdfResultOfRow(await stored(deps, wait)) });
      },
    }),
  ];
}
