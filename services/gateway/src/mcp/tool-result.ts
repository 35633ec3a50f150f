import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toProblemBody, type ProblemError } from '@pressroom/problem';

export interface ToolContext {
  errorsBaseUrl: string;
}

/** A tool answer: the JSON an HTTP client would get, as text (agents read it) and as structured content. */
export function jsonResult(value: Record<string, unknown>, extra: CallToolResult['content'] = []): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }, ...extra], structuredContent: value };
}

/**
 * A tool execution error (MCP: a result with `isError: true`, not a JSON-RPC error, so the agent
 * sees it and can correct itself) carrying the problem+json body the HTTP API would answer:
 * `type`, `title`, `status`, `detail` and per-field `errors`, as text and as structured content.
 */
export function problemResult(context: ToolContext, tool: string, problem: ProblemError): CallToolResult {
  const body = toProblemBody(problem, { errorsBaseUrl: context.errorsBaseUrl, instance: `/mcp#${tool}` });
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body, null, 2) }], structuredContent: { ...body } };
}
