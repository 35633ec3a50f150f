import { Router } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { authOf } from '../http/auth.js';
import { ownerPlanOf } from '../http/rate-limit.js';
import { defineRoute, handler } from '../http/routes.js';
import type { BatchDeps } from '../batches/start-batch.js';
import { registerBatchTools } from './batch-tools.js';
import { registerRenderTools, type RenderToolDeps } from './render-tools.js';
import { registerTemplateTools } from './template-tools.js';

export type McpDeps = RenderToolDeps & BatchDeps;

/**
 * POST /mcp: the built-in MCP server (Streamable HTTP, docs/clients.md#mcp). Stateless: each
 * request gets its own server bound to the caller's key, already checked by the auth and
 * rate-limit middlewares like any API call, and answers plain JSON (no session, no stream),
 * so any gateway replica can serve any request. ADR 0026.
 */
export function mcpRoutes(deps: McpDeps): Router {
  const router = Router();
  defineRoute(router, '/mcp', {
    post: handler(async (req, res) => {
      const auth = { ...authOf(res), plan: ownerPlanOf(res) };
      const server = new McpServer({ name: 'pressroom', version: '1.0.0' });
      registerRenderTools(server, deps, auth);
      registerTemplateTools(server, deps, auth);
      registerBatchTools(server, deps, auth);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    }),
  });
  return router;
}
