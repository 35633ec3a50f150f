import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GifRequest, ImageRequest, PdfRenderRequest, extensionOfFormat, formatOfExtension } from '@pressroom/contracts';
import { getRenderById } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { AuthContext } from '../http/auth.js';
import { renderGifRequest } from '../renders/gif-request.js';
import { renderImageRequest } from '../renders/image-request.js';
import { renderPdfRequest } from '../renders/pdf-request.js';
import type { RenderGatewayDeps, RenderWait } from '../renders/submit-render.js';
import { gifResult } from '../views/gif-view.js';
import { pdfResultOfRow } from '../views/pdf-view.js';
import { asToolResult, jsonResult, type ToolContext } from './tool-result.js';

export type RenderToolDeps = RenderGatewayDeps & { guard: SsrfGuard } & ToolContext;

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** Still rendering when the wait ran out: the id to look it up later, as the HTTP 202 answers. */
function queued(wait: { id: string; createdAt: string }, poll: string): CallToolResult {
  return jsonResult({ id: wait.id, status: 'queued', url: null, createdAt: wait.createdAt, poll: `GET ${poll}/${wait.id}` });
}

async function stored(deps: RenderToolDeps, wait: RenderWait & { state: 'done' }) {
  const row = await getRenderById(deps.db, wait.id);
  if (!row) throw new Error(`render ${wait.id} finished but has no row`);
  return row;
}

/** render_image, render_gif, render_pdf: the bodies of POST /image, /gif and /pdf/render. */
export function registerRenderTools(server: McpServer, deps: RenderToolDeps, auth: AuthContext): void {
  server.registerTool(
    'render_image',
    {
      title: 'Render an image',
      description:
        'Render a PNG, JPEG or WebP image from `html`, a public `url` or a saved `template` (with `variables`). ' +
        'Answers the file URL and the image itself. Same body as POST /image.',
      inputSchema: ImageRequest,
    },
    (body) =>
      asToolResult(deps, 'render_image', async () => {
        const rendered = await renderImageRequest(deps, auth, body);
        if (rendered.kind === 'layouts') return jsonResult({ renders: rendered.renders });
        const { outcome } = rendered;
        if (outcome.state === 'pending') return queued(outcome, '/image');
        const format = formatOfExtension(body.fileExtension);
        const file = await deps.storage.get(`renders/${outcome.result.id}.${extensionOfFormat(format)}`);
        const image = file ? [{ type: 'image' as const, data: file.bytes.toString('base64'), mimeType: MIME[format] }] : [];
        return jsonResult({ ...outcome.result }, image);
      }),
  );

  server.registerTool(
    'render_gif',
    {
      title: 'Render a GIF',
      description: 'Render an animated GIF from `html`, a public `url` or a saved `template`. Same body as POST /gif.',
      inputSchema: GifRequest,
    },
    (body) =>
      asToolResult(deps, 'render_gif', async () => {
        const wait = await renderGifRequest(deps, auth, body);
        if (wait.state === 'pending') return queued(wait, '/gif');
        return jsonResult({ gif: gifResult(await stored(deps, wait)) });
      }),
  );

  server.registerTool(
    'render_pdf',
    {
      title: 'Render a PDF',
      description:
        'Print a PDF from `html`, a public `url` or a saved `template` (`preset` such as A4, margins, landscape…). ' +
        'Answers the file URL. Same body as POST /pdf/render.',
      inputSchema: PdfRenderRequest,
    },
    (body) =>
      asToolResult(deps, 'render_pdf', async () => {
        const wait = await renderPdfRequest(deps, auth, body);
        if (wait.state === 'pending') return queued(wait, '/pdf');
        return jsonResult({ ...pdfResultOfRow(await stored(deps, wait)) });
      }),
  );
}
