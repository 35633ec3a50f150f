import type { TemplateView, VariableDefinition } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';

export function templateView(row: TemplateRow): TemplateView {
  return {
    uid: row.uid,
    name: row.name,
    engine: row.engine ?? (row.fabricJSData ? 'fabric' : 'html'),
    html: row.html,
    fabricJSData: row.fabricJSData,
    jsEnabled: row.jsEnabled,
    strictVariables: row.strictVariables,
    type: row.type,
    category: row.category,
    tags: row.tags,
    width: row.width,
    height: row.height,
    thumbnail: row.thumbnail,
    lastRenderedAt: row.lastRenderedAt?.toISOString() ?? null,
    outputFormat: row.outputFormat,
    pdfPreset: row.pdfPreset,
    variableDefinitions: row.variableDefinitions as VariableDefinition[],
    pages: row.pages as TemplateView['pages'],
    layouts: row.layouts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
