import type { TemplateListQuery } from '@pressroom/contracts';
import { listTemplates, type Db, type TemplateRow } from '@pressroom/db';

/**
 * GET /templates and the MCP `list_templates` tool. `gif` is offered by the hosted service's SDK;
 * no template here outputs GIF, so it lists none rather than failing.
 */
export async function listOwnerTemplates(
  db: Db,
  ownerId: string,
  query: TemplateListQuery,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const { outputFormat, ...rest } = query;
  if (outputFormat === 'gif') return { rows: [], total: 0 };
  return listTemplates(db, { ownerId, ...rest, outputFormat });
}
