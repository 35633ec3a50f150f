import type { VariableDefinition } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { templatePage } from './html-page.js';
import { DEFAULT_LAYOUT, resolveLayout } from './layouts.js';
import { prepareCanvas, type CanvasRenderSource } from './prepare-canvas.js';

export interface TemplateImageSource {
  /** The layout rendered (`default` for the template itself). */
  layout: string;
  source: { kind: 'html'; html: string; jsEnabled: boolean } | CanvasRenderSource;
  width: number;
  height: number;
}

/** Where a layout's fabric JSON sits in the template, for error fields. */
export function canvasFieldOf(layout: string): string {
  return layout === DEFAULT_LAYOUT ? 'fabricJSData' : `layouts.${layout}.fabricJSData`;
}

/**
 * What an image render of a template (or one of its layouts) draws: the
 * templated canvas when the layout's design is fabric JSON, else the HTML
 * page (templatePage). Every image producer (the API, batches, bindings)
 * chooses here, so all of them render both kinds of template.
 */
export function templateImageSource(
  template: TemplateRow,
  options: { variables: Record<string, unknown>; layout?: string | undefined },
): TemplateImageSource {
  const layout = resolveLayout(template, options.layout);
  if (layout.html === null && layout.fabricJSData) {
    const source = prepareCanvas({
      document: layout.fabricJSData,
      variables: options.variables,
      definitions: template.variableDefinitions as VariableDefinition[],
      strictVariables: template.strictVariables,
      field: canvasFieldOf(layout.key),
    });
    return { layout: layout.key, source, width: layout.width, height: layout.height };
  }
  const page = templatePage(template, options);
  return {
    layout: page.layout,
    source: { kind: 'html', html: page.html, jsEnabled: page.jsEnabled },
    width: page.width,
    height: page.height,
  };
}
