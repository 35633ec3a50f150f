import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { extensionOfFormat } from '@pressroom/contracts';
import type { Storage } from '@pressroom/storage';

const MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * A finished image as MCP image content, so the agent can look at what it rendered; none when
 * the file is not in our storage (kept only in the account's own bucket) or not an image.
 */
export async function imageContent(storage: Storage, id: string, format: string): Promise<CallToolResult['content']> {
  const mimeType = MIME[format];
  if (!mimeType) return [];
  const file = await storage.get(`renders/${id}.${extensionOfFormat(format)}`);
  return file ? [{ type: 'image', data: file.bytes.toString('base64'), mimeType }] : [];
}
