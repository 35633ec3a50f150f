import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isProblemError, toProblemBody } from '@pressroom/problem';

export interface ToolContext {
  errorsBaseUrl: string;
}

/** A tool answer: the JSON an HTTP client would get, as text (agents read it) and as structured content. */
export function jsonResult(value: Record<string, unknown>, extra: CallToolResult['content'] = []): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }, ...extra], structuredContent: value };
}

/**
 * Runs a tool body and turns a problem (bad variables, unknown template, quota…) into an
 * MCP tool error carrying the same problem+json body the HTTP API answers, so the agent
 * sees the `detail` and per-field `errors`. Anything else is rethrown (a JSON-RPC error).
 */
export async function asToolResult(context: ToolContext, tool: string, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (!isProblemError(error)) throw error;
    const problem = toProblemBody(error, { errorsBaseUrl: context.errorsBaseUrl, instance: `/mcp#${tool}` });
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem, null, 2) }] };
  }
}
