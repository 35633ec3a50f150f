import type { TemplateVersionSummary } from '@pressroom/contracts';
import type { TemplateVersionRow } from '@pressroom/db';

export function templateVersionView(row: TemplateVersionRow): TemplateVersionSummary {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    thumbnail: row.thumbnail,
  };
}
