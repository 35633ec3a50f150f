import { z } from 'zod';
import { CanvasFontSource, RenderSource } from './render-image.js';

/**
 * A canvas page's size in CSS pixels; its PDF page is that size (1 px = 0.75 pt), or `paper` (points) when the
 * template names a paper preset: then the drawing is scaled to fill it.
 */
const CanvasPageSize = {
  width: z.number().int().min(1).max(16_384),
  height: z.number().int().min(1).max(16_384),
  paper: z.object({ widthPt: z.number().positive(), heightPt: z.number().positive() }).optional(),
};

/**
 * One document of a PDF: a page to print (HTML, spilled HTML, URL), or a
 * FabricJS canvas page (already templated by the gateway; inline, or spilled
 * to storage as the JSON `{canvas, fonts}`), printed at its own size.
 */
export const PdfDocumentSource = z.discriminatedUnion('kind', [
  ...RenderSource.options,
  z.object({ kind: z.literal('canvas'), canvas: z.record(z.string(), z.unknown()), fonts: z.array(CanvasFontSource), ...CanvasPageSize }),
  z.object({ kind: z.literal('stored-canvas'), storageKey: z.string(), ...CanvasPageSize }),
]);
export type PdfDocumentSource = z.infer<typeof PdfDocumentSource>;

/**
 * Command `render.pdf`: each document (1 for /pdf/render, one per variable
 * set for /pdf/multi-page) is printed on its own and the pages are joined
 * in order; header and footer are stamped over the joined document, so page
 * numbers run across all of it.
 */
export const RenderPdfCommand = z.object({
  renderId: z.string(),
  accountId: z.string(),
  ownerId: z.string(),
  origin: z.enum(['html', 'url', 'template']),
  templateId: z.string().nullable(),
  /** Up to 100 variable sets; FabricJS templates with `pages` give one canvas per page per set (the gateway caps the total at 1,000). */
  documents: z.array(PdfDocumentSource).min(1).max(1_000),
  /** Page size in points, landscape already applied; `preset` is reported back as is. */
  page: z.object({ preset: z.string(), widthPt: z.number().positive(), heightPt: z.number().positive(), landscape: z.boolean() }),
  /** Points. */
  margins: z.object({ top: z.number().min(0), right: z.number().min(0), bottom: z.number().min(0), left: z.number().min(0) }),
  printBackground: z.boolean(),
  headerTemplate: z.string().nullable(),
  footerTemplate: z.string().nullable(),
  title: z.string().nullable(),
  output: z.object({ storageKey: z.string(), url: z.string() }),
  requestedAt: z.string(),
});
export type RenderPdfCommand = z.infer<typeof RenderPdfCommand>;
