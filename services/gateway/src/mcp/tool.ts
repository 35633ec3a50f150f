import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

/**
 * One MCP tool: its input schema is an API body's own zod schema, so tools/list shows the same
 * fields, defaults and rules, and a call is checked exactly like the HTTP request (tool-server.ts).
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  /** Runs with the arguments `input` parsed (defaults applied). */
  run(args: unknown): Promise<CallToolResult>;
}

/** A tool whose `run` sees its parsed arguments typed; tool-server.ts parses them before the call. */
export function defineTool<S extends z.ZodType>(spec: {
  name: string;
  title: string;
  description: string;
  input: S;
  run: (args: z.output<S>) => Promise<CallToolResult>;
}): McpTool {
  return { ...spec, run: (args) => spec.run(args as z.output<S>) };
}
