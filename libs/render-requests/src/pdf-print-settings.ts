import {
  PDF_DEFAULT_PRESET,
  PDF_PAPER_PRESETS,
  PdfPreset,
  lengthToPoints,
  mmToPoints,
  type PdfOptions,
  type RenderPdfCommand,
} from '@pressroom/contracts';
import { describeFieldErrors, ProblemError, type FieldError } from '@pressroom/problem';

/** Space left for Chromium's header/footer when a template is given without a margin for it. */
export const HEADER_FOOTER_MARGIN_PT = 48;

export type PdfPrintSettings = Pick<
  RenderPdfCommand,
  'page' | 'margins' | 'printBackground' | 'headerTemplate' | 'footerTemplate' | 'title'
>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The print settings of a PDF request: `options.*` wins over the same field
 * at the top level; the preset defaults to the template's `pdfPreset`, then
 * A4. Sizes and margins are in points. Contradictions are 400s naming the field.
 */
export function pdfPrintSettings(topLevel: PdfOptions, nested: PdfOptions | undefined, templatePreset: string | null): PdfPrintSettings {
  const o: PdfOptions = { ...topLevel, ...Object.fromEntries(Object.entries(nested ?? {}).filter(([, v]) => v !== undefined)) };
  // Name the field where the caller wrote it (or would have: under `options` when they used it).
  const where = (field: keyof PdfOptions) =>
    nested && (nested[field] !== undefined || topLevel[field] === undefined) ? `options.${field}` : field;
  const errors: FieldError[] = [];

  const customSize = o.customSize ?? (o.width !== undefined || o.height !== undefined ? { width: o.width, height: o.height } : undefined);
  let preset = o.preset;
  if (preset === undefined) {
    if (customSize !== undefined) preset = 'custom';
    else if (templatePreset !== null) {
      const parsed = PdfPreset.safeParse(templatePreset);
      if (!parsed.success) {
        throw new ProblemError('validation-error', {
          detail: `The template's pdfPreset ${JSON.stringify(templatePreset)} is not a known preset; pass \`options.preset\` or fix the template.`,
          errors: [{ field: 'options.preset', message: 'The template names an unknown preset.' }],
        });
      }
      preset = parsed.data;
    } else preset = PDF_DEFAULT_PRESET;
  }

  let width: number;
  let height: number;
  if (preset === 'custom') {
    if (customSize?.width === undefined || customSize.height === undefined) {
      errors.push({ field: where('customSize'), message: 'Preset `custom` needs `customSize: {width, height}` in points.' });
      width = height = 1;
    } else {
      width = customSize.width;
      height = customSize.height;
    }
  } else {
    if (customSize !== undefined)
      errors.push({
        field: where(o.customSize ? 'customSize' : 'width'),
        message: `A custom size applies to preset \`custom\`, not \`${preset}\`.`,
      });
    width = mmToPoints(PDF_PAPER_PRESETS[preset].widthMm);
    height = mmToPoints(PDF_PAPER_PRESETS[preset].heightMm);
  }
  const landscape = o.landscape ?? false;
  if (landscape) [width, height] = [height, width];

  const headerTemplate = o.headerTemplate ?? null;
  const footerTemplate = o.footerTemplate ?? null;
  const m = o.margins ?? {};
  const margins = {
    top: round2(m.top !== undefined ? lengthToPoints(m.top) : headerTemplate !== null ? HEADER_FOOTER_MARGIN_PT : 0),
    right: round2(m.right !== undefined ? lengthToPoints(m.right) : 0),
    bottom: round2(m.bottom !== undefined ? lengthToPoints(m.bottom) : footerTemplate !== null ? HEADER_FOOTER_MARGIN_PT : 0),
    left: round2(m.left !== undefined ? lengthToPoints(m.left) : 0),
  };
  const sized = errors.length === 0;
  if (sized && margins.top + margins.bottom >= height - 1)
    errors.push({
      field: where('margins'),
      message: `Top and bottom margins (${margins.top + margins.bottom} pt) leave no room on a ${Math.round(height)} pt high page.`,
    });
  if (sized && margins.left + margins.right >= width - 1)
    errors.push({
      field: where('margins'),
      message: `Left and right margins (${margins.left + margins.right} pt) leave no room on a ${Math.round(width)} pt wide page.`,
    });

  if (errors.length > 0) {
    throw new ProblemError('validation-error', {
      detail: describeFieldErrors('The request body is invalid', errors),
      errors,
    });
  }
  return {
    page: { preset, widthPt: round2(width), heightPt: round2(height), landscape },
    margins,
    printBackground: o.printBackground ?? true,
    headerTemplate,
    footerTemplate,
    title: o.title ?? null,
  };
}
