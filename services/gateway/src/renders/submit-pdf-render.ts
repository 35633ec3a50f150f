import { CATALOG, pxToPoints, type RenderPdfCommand } from '@pressroom/contracts';
import { paperOfPixels } from '@pressroom/contracts/constants';
import type { TemplateRow } from '@pressroom/db';
import {
  ownerAssetLoader,
  pdfCommand,
  pdfRowSize,
  planPdfPrint,
  planEachLayout,
  resolveLayout,
  templateDocuments,
  type LayoutFailure,
  type PdfRenderPlan,
} from '@pressroom/render-requests';
import type { AuthContext } from '../http/auth.js';
import { entryOf, layoutName, requestedLayouts, type LayoutRenderEntry } from './render-template.js';
import { submitRender, type RenderGatewayDeps, type RenderWait } from './submit-render.js';
import { askedDetails, keepsVariables } from './asked-details.js';

export interface PdfRenderInput extends PdfRenderPlan {
  auth: AuthContext;
  /** A template render's variables, kept in the row's details when small (asked-details.ts). */
  variables?: Record<string, unknown> | undefined;
  /** POST /pdf/multi-page: each page's variables in page order, kept as `variableSets` by the same rule. */
  variableSets?: Record<string, unknown>[] | undefined;
}

/**
 * What a PDF's row keeps of its request: a page printed from its address keeps it, as an image render does; a
 * template's variables (one set, or each page's) when small, and a multi-page PDF's count of sets. HTML is not kept.
 * Nothing to keep is no details.
 */
function pdfAskedDetails(input: Pick<PdfRenderInput, 'documents' | 'variables' | 'variableSets'>): Record<string, unknown> | undefined {
  const { documents, variables, variableSets } = input;
  const details = {
    ...askedDetails(documents.length === 1 ? documents[0]! : { kind: 'template' }, undefined, variables),
    // How many sets, kept always: a multi-page PDF is told from a one-document one even when its sets were too large to keep.
    ...(variableSets ? { variableSetCount: variableSets.length } : {}),
    ...(variableSets && keepsVariables(variableSets) ? { variableSets } : {}),
  };
  return Object.keys(details).length > 0 ? details : undefined;
}

/** Accept a PDF render: the `render.pdf` command planned by @pressroom/render-requests, through the shared submit path. */
export async function submitPdfRender(deps: RenderGatewayDeps, input: PdfRenderInput): Promise<RenderWait> {
  const { auth, variables, variableSets, ...planned } = input;
  const withFonts = ownerAssetLoader(deps, auth.ownerId);
  const plan: PdfRenderPlan = { ...planned, documents: await Promise.all(planned.documents.map((document) => withFonts(document))) };
  return submitRender<RenderPdfCommand>(deps, {
    auth,
    kind: 'pdf',
    idPrefix: 'pdf',
    extension: 'pdf',
    origin: plan.origin,
    templateId: plan.templateId,
    format: 'pdf',
    ...pdfRowSize(plan),
    details: pdfAskedDetails({ documents: planned.documents, variables, variableSets }),
    subject: CATALOG.renderPdf,
    command: (envelope) => pdfCommand(deps.storage, plan, envelope),
  });
}

export type TemplatePdfOutcome =
  | { kind: 'single'; wait: RenderWait; entry: LayoutRenderEntry }
  | { kind: 'layouts'; renders: LayoutRenderEntry[]; errors: LayoutFailure[] };

/**
 * POST /templates/{uid}/render to PDF (a template whose `outputFormat` is
 * `pdf`, or `format: "pdf"`): printed on its `pdfPreset` (A4 when unset), or
 * on a page of the requested `width` x `height` pixels (a canvas design too,
 * scaled to fill it); several `layouts` give one PDF each.
 */
export async function submitTemplatePdf(
  deps: RenderGatewayDeps,
  input: {
    auth: AuthContext;
    template: TemplateRow;
    variables: Record<string, unknown>;
    layout?: string | undefined;
    layouts?: string[] | undefined;
    width?: number | undefined;
    height?: number | undefined;
  },
): Promise<TemplatePdfOutcome> {
  const keys = requestedLayouts(input);
  const plan = (key: string) => {
    const resolved = resolveLayout(input.template, key);
    const width = input.width ?? resolved.width;
    const height = input.height ?? resolved.height;
    const sized = input.width !== undefined || input.height !== undefined;
    // A requested size is this request's paper: a preset's exact paper when it is that preset's pixels (the
    // dashboard's Paper choice sends those), else its points (the layout's size fills in a side not given).
    const named = sized ? paperOfPixels({ width, height }) : undefined;
    const options = named ?? (sized ? { width: pxToPoints(width), height: pxToPoints(height) } : {});
    const print = planPdfPrint({ options }, input.template, templateDocuments(input.template, [input.variables], key));
    return { layout: resolved.key, width, height, ...print };
  };
  const { planned, failed } = input.layouts ? planEachLayout(keys, plan) : { planned: [plan(keys[0]!)], failed: [] };
  const entries = await Promise.all(
    planned.map(async (page) => {
      const wait = await submitPdfRender(deps, {
        auth: input.auth,
        origin: 'template',
        templateId: input.template.uid,
        documents: page.documents,
        settings: page.settings,
        variables: input.variables,
      });
      const name = layoutName(input.template, page.layout);
      return { wait, entry: entryOf(wait, { layout: page.layout, name, width: page.width, height: page.height, format: 'pdf' }) };
    }),
  );
  if (!input.layouts) return { kind: 'single', ...entries[0]! };
  return { kind: 'layouts', renders: entries.map((e) => e.entry), errors: failed };
}
