import { z } from 'zod';
import { RenderSource } from './render-image.js';

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
  documents: z.array(RenderSource).min(1).max(100),
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
