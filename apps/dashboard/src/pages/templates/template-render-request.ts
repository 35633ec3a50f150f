import { gifSettingsBody, type GifSettings } from '../render-settings/gif-settings.js';
import { chosenPaperPixels, type PaperChoice } from '../render-settings/paper-choice.js';
import type { PlaygroundFormat } from '../playground/playground-request.js';

export interface TemplateRenderChoice {
  uid: string;
  variables: Record<string, unknown>;
  format: PlaygroundFormat;
  /** 'default' for the template's own size, else a layout key. */
  layout: string;
  /** The size of that layout (a GIF names its size; images take the template's or the layout's). */
  size: { width: number; height: number };
  /**
   * A PDF template (`outputFormat: "pdf"`), or a canvas with a paper of its own (`pdfPreset`), prints on its own paper,
   * which the API reads from the template (a size in the request would be the paper instead); an image template prints
   * on a page of the design's own size, as the designer sees it, not reflowed onto A4.
   */
  printsOnPaper: boolean;
  /** A PDF's paper chosen in the panel, which wins over the above (none chosen, or no choice offered: as above). */
  paper?: PaperChoice | undefined;
  /** A GIF's quality and seconds of animation (the other formats have neither). */
  gif: GifSettings;
}

export type TemplateRenderPath = '/image' | '/gif' | `/templates/${string}/render`;

/** The endpoint and body that render a saved template as `format`: what a developer would send for the same file. */
export function templateRenderRequest(choice: TemplateRenderChoice): { path: TemplateRenderPath; body: Record<string, unknown> } {
  const source = { template: choice.uid, variables: choice.variables };
  const layout = choice.layout === 'default' ? {} : { layout: choice.layout };
  if (choice.format === 'pdf') {
    // POST /templates/{uid}/render prints the layout's own design, on a page of the pixel size asked (docs/pdf.md).
    const chosen = choice.paper && chosenPaperPixels(choice.paper, choice.size);
    const page = chosen ?? (choice.printsOnPaper ? {} : { width: choice.size.width, height: choice.size.height });
    return {
      path: `/templates/${encodeURIComponent(choice.uid)}/render`,
      body: { format: 'pdf', variables: choice.variables, ...layout, ...page },
    };
  }
  if (choice.format === 'gif') {
    return { path: '/gif', body: { ...source, width: choice.size.width, height: choice.size.height, ...gifSettingsBody(choice.gif) } };
  }
  return { path: '/image', body: { ...source, ...layout, fileExtension: choice.format } };
}
