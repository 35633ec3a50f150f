import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Db, RenderRow } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import type { AuthContext } from '../http/auth.js';
import { loadOwnRender } from '../renders/load-own-render.js';
import { gifView } from '../views/gif-view.js';
import { imageView } from '../views/image-view.js';
import { pdfView } from '../views/pdf-view.js';
import { imageContent } from './image-content.js';
import { defineTool, type McpTool } from './tool.js';
import { jsonResult } from './tool-result.js';

/** One kind of render fetched by id: GET /image/{id}, /gif/{uid} or /pdf/{id}, the member it answers in. */
interface Lookup {
  name: string;
  kind: 'image' | 'gif' | 'pdf';
  noun: string;
  view(row: RenderRow): object;
  /** The hosted service's MCP server calls this tool `name`, with the id in `argument`. */
  hostedAlias?: { name: string; argument: string };
}

const LOOKUPS: Lookup[] = [
  { name: 'get_image', kind: 'image', noun: 'image', view: imageView, hostedAlias: { name: 'pictify_get_image', argument: 'imageId' } },
  { name: 'get_gif', kind: 'gif', noun: 'GIF', view: gifView, hostedAlias: { name: 'pictify_get_gif', argument: 'gifId' } },
  { name: 'get_pdf', kind: 'pdf', noun: 'PDF', view: pdfView },
];

const idField = (noun: string) => z.string().min(1).describe(`The ${noun}'s id, as render_* answered it (also its uid).`);

/**
 * get_image, get_gif and get_pdf: a render by id, to follow one that answered `status: "queued"`,
 * with the body of GET /image/{id}, /gif/{uid} or /pdf/{id} (status, url once done, error once
 * failed); a finished image comes with the image itself, as render_image answers it. The hosted
 * service's names (pictify_get_image {imageId}, pictify_get_gif {gifId}) are the same tools, so
 * an agent prompted for that server finds them.
 */
export function lookupTools(deps: { db: Db; storage: Storage }, auth: AuthContext): McpTool[] {
  async function fetchRender(lookup: Lookup, id: string): Promise<CallToolResult> {
    const row = await loadOwnRender(deps.db, { ownerId: auth.ownerId, id, kind: lookup.kind, noun: lookup.noun });
    const image = lookup.kind === 'image' && row.state === 'done' ? await imageContent(deps.storage, row.id, row.format) : [];
    return jsonResult({ [lookup.kind]: lookup.view(row) }, image);
  }
  return LOOKUPS.flatMap((lookup) => {
    const description =
      `One ${lookup.noun} render by id: \`status\` (queued, rendering, done or failed), \`url\` once done, \`error\` once failed. ` +
      `Call it again while the status is queued or rendering.`;
    const tools = [
      defineTool({
        name: lookup.name,
        title: `Get ${lookup.noun === 'image' ? 'an image' : `a ${lookup.noun}`}`,
        description,
        input: z.object({ id: idField(lookup.noun) }),
        run: ({ id }) => fetchRender(lookup, id),
      }),
    ];
    const alias = lookup.hostedAlias;
    if (alias) {
      tools.push(
        defineTool({
          name: alias.name,
          title: `${lookup.name} (hosted service name)`,
          description: `The same as ${lookup.name}, under the name and argument (\`${alias.argument}\`) of the hosted service's MCP server. ${description}`,
          input: z.object({ [alias.argument]: idField(lookup.noun) }),
          run: (args) => fetchRender(lookup, (args as Record<string, string>)[alias.argument]!),
        }),
      );
    }
    return tools;
  });
}
