import type { PlaygroundFormat } from '../playground/playground-request.js';

export interface TemplateRenderChoice {
  uid: string;
  variables: Record<string, unknown>;
  format: PlaygroundFormat;
  /** 'default' for the template's own size, else a layout key. */
  layout: string;
  /** The size of that layout (a GIF names its size; images and PDFs take the template's or the layout's). */
  size: { width: number; height: number };
}

/** The endpoint and body that render a saved template as `format`: what a developer would send for the same file. */
export function templateRenderRequest(choice: TemplateRenderChoice): {
  path: '/image' | '/gif' | '/pdf/render';
  body: Record<string, unknown>;
} {
  const source = { template: choice.uid, variables: choice.variables };
  const layout = choice.layout === 'default' ? {} : { layout: choice.layout };
  if (choice.format === 'pdf') return { path: '/pdf/render', body: source };
  if (choice.format === 'gif') return { path: '/gif', body: { ...source, width: choice.size.width, height: choice.size.height } };
  return { path: '/image', body: { ...source, ...layout, fileExtension: choice.format } };
}
