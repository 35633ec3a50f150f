import { z } from 'zod';
import { refineWhenTyped, requireOneSource, Variables, type UserStorageFields } from './common.js';
import { PDF_DEFAULT_PRESET, PDF_PAPER_PRESETS, type PdfPaperPreset } from './output-limits.js';
import type { RenderOrigin } from '../bus/render-origin.js';

export { PDF_DEFAULT_PRESET, PDF_PAPER_PRESETS, type PdfPaperPreset };

const PRESET_NAMES = [...(Object.keys(PDF_PAPER_PRESETS) as PdfPaperPreset[]), 'custom'] as const;

export const POINTS_PER_MM = 72 / 25.4;
/** Largest page side Chromium prints, in points (200 inches). */
export const PDF_MAX_SIDE_PT = 14_400;
export const PDF_MAX_VARIABLE_SETS = 100;

export function mmToPoints(mm: number): number {
  return Math.round(mm * POINTS_PER_MM * 100) / 100;
}

/** Preset names are matched without regard to case (`a4` is `A4`). */
export const PdfPreset = z.preprocess(
  (value) => (typeof value === 'string' ? (PRESET_NAMES.find((name) => name.toLowerCase() === value.toLowerCase()) ?? value) : value),
  z.enum(PRESET_NAMES, { error: (issue) => `Unknown preset ${JSON.stringify(issue.input)}; known presets: ${PRESET_NAMES.join(', ')}.` }),
);
export type PdfPreset = z.infer<typeof PdfPreset>;

/** PDF points in a CSS pixel (96 px = 72 pt = 1 inch). */
const POINTS_PER_PX = 72 / 96;

/** CSS pixels to PDF points: the one conversion of a page or length given in pixels (0.75 pt each). */
export function pxToPoints(px: number): number {
  return px * POINTS_PER_PX;
}

const UNIT_POINTS = { pt: 1, px: POINTS_PER_PX, in: 72, mm: POINTS_PER_MM, cm: POINTS_PER_MM * 10 } as const;
const LENGTH = /^\s*(\d+(?:\.\d+)?)\s*(pt|px|in|mm|cm)\s*$/;

/** A length: a number of points, or a string with a unit (`10mm`, `0.5in`, `24px`, `12pt`, `1cm`). */
export const PdfLength = z.union([
  z.number().min(0).max(PDF_MAX_SIDE_PT),
  z.string().regex(LENGTH, 'Expected points as a number, or a length such as "10mm", "0.5in", "24px", "12pt".'),
]);
export type PdfLength = z.infer<typeof PdfLength>;

export function lengthToPoints(length: PdfLength): number {
  if (typeof length === 'number') return length;
  const [, value, unit] = LENGTH.exec(length)!;
  return Number(value) * UNIT_POINTS[unit as keyof typeof UNIT_POINTS];
}

const pageSide = z.number().min(1).max(PDF_MAX_SIDE_PT);

export const PdfMargins = z.object({
  top: PdfLength.optional(),
  right: PdfLength.optional(),
  bottom: PdfLength.optional(),
  left: PdfLength.optional(),
});

/** Print options; accepted inside `options` (as the published API sends them) or at the top level. */
const pdfOptionFields = {
  preset: PdfPreset.optional(),
  /** Points (1/72 inch). */
  customSize: z.object({ width: pageSide, height: pageSide }).optional(),
  /** Points; shorthand for `preset: custom` with `customSize`. */
  width: pageSide.optional(),
  height: pageSide.optional(),
  margins: PdfMargins.optional(),
  landscape: z.boolean().optional(),
  printBackground: z.boolean().optional(),
  /** Chromium header/footer markup: spans with class pageNumber, totalPages, date, title, url are filled in. */
  headerTemplate: z.string().max(100_000).optional(),
  footerTemplate: z.string().max(100_000).optional(),
  title: z.string().max(1000).optional(),
};
export const PdfOptions = z.object(pdfOptionFields);
export type PdfOptions = z.infer<typeof PdfOptions>;

/** A template is named by `templateUid` (published API) or `template` (like POST /image); both may not differ. */
function oneTemplate(body: { template?: string | undefined; templateUid?: string | undefined }, ctx: z.RefinementCtx): void {
  if (body.template !== undefined && body.templateUid !== undefined && body.template !== body.templateUid) {
    ctx.addIssue({ code: 'custom', path: ['templateUid'], message: '`template` and `templateUid` name different templates; give one.' });
  }
}

/** POST /pdf/render */
export const PdfRenderRequest = z
  .object({
    html: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    templateUid: z.string().min(1).optional(),
    template: z.string().min(1).optional(),
    variables: Variables.optional(),
    options: PdfOptions.optional(),
    ...pdfOptionFields,
  })
  .superRefine(
    (body, ctx) => {
      const given = [
        ...(body.html !== undefined ? ['html'] : []),
        ...(body.url !== undefined ? ['url'] : []),
        ...(body.templateUid !== undefined || body.template !== undefined
          ? [body.templateUid !== undefined ? 'templateUid' : 'template']
          : []),
      ];
      requireOneSource(ctx, { given, names: ['html', 'url', 'templateUid'], missingPath: 'templateUid' });
      oneTemplate(body, ctx);
    },
    refineWhenTyped('template', 'templateUid'),
  );
export type PdfRenderRequest = z.infer<typeof PdfRenderRequest>;

/** POST /pdf/multi-page: one template, rendered once per variable set, into one PDF. */
export const PdfMultiPageRequest = z
  .object({
    templateUid: z.string().min(1).optional(),
    template: z.string().min(1).optional(),
    variableSets: z
      .array(Variables, {
        error: (issue) =>
          issue.input === undefined ? '`variableSets` is required: an array of 1 to 100 objects.' : 'Expected an array of objects',
      })
      .min(1, 'Give at least one variable set.')
      .max(PDF_MAX_VARIABLE_SETS, `At most ${PDF_MAX_VARIABLE_SETS} variable sets per request.`),
    options: PdfOptions.optional(),
    ...pdfOptionFields,
  })
  .superRefine(
    (body, ctx) => {
      if (body.templateUid === undefined && body.template === undefined) {
        ctx.addIssue({ code: 'custom', path: ['templateUid'], message: '`templateUid` is required.' });
      }
      oneTemplate(body, ctx);
    },
    refineWhenTyped('template', 'templateUid'),
  );
export type PdfMultiPageRequest = z.infer<typeof PdfMultiPageRequest>;

/** 200 answer of POST /pdf/render, POST /pdf/multi-page and of PDF template renders. */
export interface PdfResult extends UserStorageFields {
  success: true;
  id: string;
  url: string;
  pageCount: number;
  preset: PdfPreset;
  /** Points, rounded; landscape already applied. */
  pageSize: { width: number; height: number };
  createdAt: string;
}

/** An entry of GET /pdf and the `pdf` of GET /pdf/{uid}. */
export interface PdfEntry extends UserStorageFields {
  id: string;
  url: string | null;
  status: 'queued' | 'rendering' | 'done' | 'failed';
  pageCount: number | null;
  preset: string | null;
  pageSize: { width: number; height: number } | null;
  /** `html`, `url` or `template`. */
  source: RenderOrigin;
  templateId: string | null;
  createdAt: string;
  completedAt: string | null;
  error: { slug: string; detail: string } | null;
}

/** GET /pdf/presets */
export function pdfPresetList(): Record<
  PdfPaperPreset,
  { name: PdfPaperPreset; width: number; height: number; widthMm: number; heightMm: number }
> {
  const out = {} as Record<PdfPaperPreset, { name: PdfPaperPreset; width: number; height: number; widthMm: number; heightMm: number }>;
  for (const [name, size] of Object.entries(PDF_PAPER_PRESETS) as [PdfPaperPreset, { widthMm: number; heightMm: number }][]) {
    out[name] = {
      name,
      width: mmToPoints(size.widthMm),
      height: mmToPoints(size.heightMm),
      widthMm: size.widthMm,
      heightMm: size.heightMm,
    };
  }
  return out;
}
