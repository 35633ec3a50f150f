import type { TemplateSnapshot } from './schema-template-versions.js';
import type { TemplateRow } from './templates.js';

/**
 * A template's design: every column but its identity, owner, thumbnail and timestamps, with the fabric
 * JSON by its API name. One list for both readers: a version's snapshot stores exactly this, and the
 * API's template view is this plus uid, thumbnail and dates, so a new column reaches both at once.
 */
export function templateDesignOf(row: TemplateRow): TemplateSnapshot {
  return {
    name: row.name,
    engine: row.engine,
    html: row.html,
    fabricJSData: row.fabricJSData,
    jsEnabled: row.jsEnabled,
    strictVariables: row.strictVariables,
    type: row.type,
    category: row.category,
    tags: row.tags,
    width: row.width,
    height: row.height,
    outputFormat: row.outputFormat,
    pdfPreset: row.pdfPreset,
    variableDefinitions: row.variableDefinitions,
    pages: row.pages,
    layouts: row.layouts,
  };
}
