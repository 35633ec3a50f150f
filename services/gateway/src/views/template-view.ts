import type { TemplateView, VariableDefinition } from '@pressroom/contracts';
import { templateDesignOf, type TemplateRow } from '@pressroom/db';

/** The API's template: its design (the columns a version snapshots) plus uid, thumbnail and dates. */
export function templateView(row: TemplateRow): TemplateView {
  return {
    uid: row.uid,
    ...templateDesignOf(row),
    // A row saved without an engine is told by its content.
    engine: row.engine ?? (row.fabricJSData ? 'fabric' : 'html'),
    variableDefinitions: row.variableDefinitions as VariableDefinition[],
    pages: row.pages as TemplateView['pages'],
    thumbnail: row.thumbnail,
    lastRenderedAt: row.lastRenderedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
