import type { ImageFormat, RequestedControls } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { DEFAULT_LAYOUT, templateImageSource } from '@pressroom/render-requests';
import type { AuthContext } from '../http/auth.js';
import { submitImageRender, type RenderGatewayDeps, type SubmitOutcome } from './submit-image-render.js';

export interface TemplateRenderInput {
  auth: AuthContext;
  template: TemplateRow;
  variables: Record<string, unknown>;
  /** One layout (default: the template itself)... */
  layout?: string | undefined;
  /** ...or several, one render each. */
  layouts?: string[] | undefined;
  /** Explicit size from the request; otherwise each layout's own. */
  width?: number | undefined;
  height?: number | undefined;
  selector: string | null;
  format: ImageFormat;
  quality: number;
  /** Render controls (docs/render-controls.md), the same for every layout. */
  controls?: RequestedControls | undefined;
}

/** One entry of `{renders: [...]}`, the answer to a several-layout render. */
export interface LayoutRenderEntry {
  layout: string;
  id: string;
  url: string | null;
  status: 'done' | 'queued';
  createdAt: string;
  width: number;
  height: number;
}

export type TemplateRenderOutcome = { kind: 'single'; outcome: SubmitOutcome } | { kind: 'layouts'; renders: LayoutRenderEntry[] };

/**
 * Render a template, one layout or several. Every page is built (variables
 * validated, expressions evaluated) before any render is queued, so a bad
 * variable never leaves half the layouts rendered.
 */
export async function renderTemplate(deps: RenderGatewayDeps, input: TemplateRenderInput): Promise<TemplateRenderOutcome> {
  if (input.layout !== undefined && input.layouts !== undefined) {
    throw new ProblemError('validation-error', {
      detail: 'Give `layout` (one render) or `layouts` (one render per layout), not both.',
      errors: [{ field: 'layouts', message: 'Give `layout` or `layouts`, not both.' }],
    });
  }
  const keys = input.layouts ? [...new Set(input.layouts)] : [input.layout ?? DEFAULT_LAYOUT];
  const pages = keys.map((key) => templateImageSource(input.template, { variables: input.variables, layout: key }));
  const submitted = await Promise.allSettled(
    pages.map((page) =>
      submitImageRender(deps, {
        auth: input.auth,
        origin: 'template',
        templateId: input.template.uid,
        source: page.source,
        width: input.width ?? page.width,
        height: input.height ?? page.height,
        selector: input.selector,
        format: input.format,
        quality: input.quality,
        controls: input.controls,
      }),
    ),
  );
  const failed = submitted.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const outcomes = submitted.map((result) => (result as PromiseFulfilledResult<SubmitOutcome>).value);
  if (!input.layouts) return { kind: 'single', outcome: outcomes[0]! };
  return {
    kind: 'layouts',
    renders: outcomes.map((outcome, i) => ({
      layout: pages[i]!.layout,
      id: outcome.state === 'done' ? outcome.result.id : outcome.id,
      url: outcome.state === 'done' ? outcome.result.url : null,
      status: outcome.state === 'done' ? 'done' : 'queued',
      createdAt: outcome.state === 'done' ? outcome.result.createdAt : outcome.createdAt,
      width: input.width ?? pages[i]!.width,
      height: input.height ?? pages[i]!.height,
    })),
  };
}
