import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ProblemError, isProblemError } from '@pressroom/problem';
import type { Logger } from '@pressroom/telemetry';
import type { McpTool } from './tool.js';
import { toolArguments } from './tool-arguments.js';
import { problemResult, type ToolContext } from './tool-result.js';

/** tools/list's entry: the input schema as JSON Schema, the input side of the zod schema (what a caller sends). */
function listing(tool: McpTool): Tool {
  const inputSchema = z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' }) as Tool['inputSchema'];
  return { name: tool.name, title: tool.title, description: tool.description, inputSchema };
}

/**
 * The MCP server answering one request with `tools`: the SDK's low-level Server with our own
 * tools/list and tools/call handlers. Not McpServer, whose registerTool checks arguments itself
 * and answers a mistake as a bare "MCP error -32602" text, and which always advertises
 * `tools.listChanged` although this server never changes its list nor sends that notification
 * (capabilities here: `tools: {}`). Here:
 * - bad arguments, and every problem a tool meets (unknown template, quota…), are tool
 *   execution errors: a result with `isError: true` carrying the API's problem+json;
 * - an unknown tool name is a protocol error (JSON-RPC -32602), as the MCP spec has it.
 */
export function toolServer(tools: readonly McpTool[], context: ToolContext & { log: Logger }): Server {
  const server = new Server({ name: 'pressroom', version: '1.0.0' }, { capabilities: { tools: {} } });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listing) }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = byName.get(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${JSON.stringify(params.name)}: tools/list names the tools.`);
    try {
      return await tool.run(toolArguments(tool.name, tool.input, params.arguments ?? {}));
    } catch (error) {
      if (isProblemError(error)) {
        if (error.status >= 500) context.log.error({ err: error, slug: error.slug, tool: tool.name }, error.message);
        return problemResult(context, tool.name, error);
      }
      context.log.error({ err: error, tool: tool.name }, 'MCP tool failed');
      return problemResult(
        context,
        tool.name,
        new ProblemError('internal-error', { detail: 'An unexpected error occurred. It has been logged.' }),
      );
    }
  });
  return server;
}
