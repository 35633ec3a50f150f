import type { ImageFormat, RequestedControls } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { DEFAULT_LAYOUT, planEachLayout, templateImageSource, type LayoutFailure } from '@pressroom/render-requests';
import type { AuthContext } from '../http/auth.js';
import { submitImageRender, type RenderGatewayDeps, type SubmitOutcome } from './submit-image-render.js';
import type { RenderVia } from '@pressroom/db';

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
  /** How a `GET /r/` render was asked for: the rows' `via` (their origin, like the command's, is `template`). */
  via?: RenderVia | undefined;
}

/** One rendered layout: an entry of `renders` (and, reshaped, of the client-facing `results`). */
export interface LayoutRenderEntry {
  layout: string;
  /** The layout's display name (its key when it has none). */
  name: string;
  id: string;
  url: string | null;
  status: 'done' | 'queued';
  createdAt: string;
  width: number;
  height: number;
  format: ImageFormat | 'pdf';
}

export type TemplateRenderOutcome =
  | { kind: 'single'; outcome: SubmitOutcome; entry: LayoutRenderEntry }
  | { kind: 'layouts'; renders: LayoutRenderEntry[]; errors: LayoutFailure[] };

/** Which layouts a request asks for: `layout` (one) or `layouts` (several, each once). */
export function requestedLayouts(input: { layout?: string | undefined; layouts?: string[] | undefined }): string[] {
  if (input.layout !== undefined && input.layouts !== undefined) {
    throw new ProblemError('validation-error', {
      detail: 'Give `layout` (one render) or `layouts` (one render per layout), not both.',
      errors: [{ field: 'layouts', message: 'Give `layout` or `layouts`, not both.' }],
    });
  }
  return input.layouts ? [...new Set(input.layouts)] : [input.layout ?? DEFAULT_LAYOUT];
}

export function layoutName(template: TemplateRow, key: string): string {
  const name = Object.hasOwn(template.layouts, key) ? template.layouts[key]?.name : undefined;
  return typeof name === 'string' && name.length > 0 ? name : key;
}

/** The entry of one submitted render. */
export function entryOf(
  wait: { state: 'done'; id: string; url: string; createdAt: string } | { state: 'pending'; id: string; createdAt: string },
  layout: { layout: string; name: string; width: number; height: number; format: ImageFormat | 'pdf' },
): LayoutRenderEntry {
  return {
    ...layout,
    id: wait.id,
    url: wait.state === 'done' ? wait.url : null,
    status: wait.state === 'done' ? 'done' : 'queued',
    createdAt: wait.createdAt,
  };
}

/**
 * Render a template, one layout or several. Every page is built (variables
 * validated, expressions evaluated) before any render is queued, so a bad
 * variable never leaves half the layouts rendered. Among several layouts, one
 * the template lacks is reported in `errors` while the others render.
 */
export async function renderTemplate(deps: RenderGatewayDeps, input: TemplateRenderInput): Promise<TemplateRenderOutcome> {
  const keys = requestedLayouts(input);
  const { planned: pages, failed } = input.layouts
    ? planEachLayout(keys, (key) => templateImageSource(input.template, { variables: input.variables, layout: key }))
    : { planned: [templateImageSource(input.template, { variables: input.variables, layout: keys[0] })], failed: [] };
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
        via: input.via,
        variables: input.variables,
      }),
    ),
  );
  const rejected = submitted.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
  const entries = submitted.map((result, i) => {
    const outcome = (result as PromiseFulfilledResult<SubmitOutcome>).value;
    const page = pages[i]!;
    const wait = outcome.state === 'done' ? { state: 'done' as const, ...outcome.result } : outcome;
    return {
      outcome,
      entry: entryOf(wait, {
        layout: page.layout,
        name: layoutName(input.template, page.layout),
        width: input.width ?? page.width,
        height: input.height ?? page.height,
        format: input.format,
      }),
    };
  });
  if (!input.layouts) return { kind: 'single', ...entries[0]! };
  return { kind: 'layouts', renders: entries.map((e) => e.entry), errors: failed };
}
