import type { TemplateVersionSummary } from '@pressroom/contracts';
import type { SavedVersion, TemplateVersionRow } from '@pressroom/db';

export function templateVersionView(row: TemplateVersionRow): TemplateVersionSummary {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    thumbnail: row.thumbnail,
  };
}

/**
 * The version a save recorded, beside `template` in the answer (creating, updating, copying a starter): the dashboard
 * attaches the saved template's thumbnail to it.
 */
export function versionMember(saved: SavedVersion | undefined): { version?: TemplateVersionSummary } {
  return saved ? { version: templateVersionView(saved.version) } : {};
}
