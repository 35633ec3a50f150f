import type { TemplateRenderResults } from '@pressroom/contracts';
import type { LayoutFailure } from '@pressroom/render-requests';
import type { LayoutRenderEntry } from '../renders/render-template.js';

/** The client-facing summary of a template render; `totalRendered` counts only finished renders. */
export function templateRenderResults(templateUid: string, entries: LayoutRenderEntry[], errors: LayoutFailure[]): TemplateRenderResults {
  return {
    results: entries.map((e) => ({
      layout: e.layout,
      name: e.name,
      url: e.url,
      width: e.width,
      height: e.height,
      format: e.format,
      id: e.id,
      createdAt: e.createdAt,
      status: e.status,
    })),
    errors: errors.map((e) => ({ layout: e.layout, error: e.error, code: e.code })),
    totalLayouts: entries.length + errors.length,
    totalRendered: entries.filter((e) => e.status === 'done').length,
    totalErrors: errors.length,
    templateUid,
  };
}
