import { Router } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from '@pressroom/telemetry';
import { authOf } from '../http/auth.js';
import { ownerPlanOf } from '../http/rate-limit.js';
import { defineRoute, handler } from '../http/routes.js';
import type { BatchDeps } from '../batches/start-batch.js';
import { batchTools } from './batch-tools.js';
import { lookupTools } from './lookup-tools.js';
import { renderTools, type RenderToolDeps } from './render-tools.js';
import { templateTools } from './template-tools.js';
import { toolServer } from './tool-server.js';

export type McpDeps = RenderToolDeps & BatchDeps & { maxBodyBytes: number };

/**
 * POST /mcp: the built-in MCP server (Streamable HTTP, docs/clients.md#mcp). Stateless: each
 * request gets its own server bound to the caller's key, already checked by the auth and
 * rate-limit middlewares like any API call, and answers plain JSON (no session, no stream),
 * so any gateway replica can serve any request. ADR 0026.
 *
 * Mounted before the API's JSON body parser: the SDK's transport reads the body itself, so a
 * body that is not JSON is the JSON-RPC parse error (-32700, HTTP 400) MCP clients expect, not
 * the API's malformed-json problem. Tool arguments still pass the API's input rules (tool-arguments.ts).
 */
export function mcpRoutes(deps: McpDeps): Router {
  const router = Router();
  defineRoute(router, '/mcp', {
    post: handler(async (req, res) => {
      const auth = { ...authOf(res), plan: ownerPlanOf(res) };
      const tools = [...renderTools(deps, auth), ...lookupTools(deps, auth), ...templateTools(deps, auth), ...batchTools(deps, auth)];
      const server = toolServer(tools, { errorsBaseUrl: deps.errorsBaseUrl, log: res.locals.log as Logger });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: deps.maxBodyBytes,
      });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    }),
  });
  return router;
}
