import { z } from 'zod';

/** A thumbnail the editor exports from its canvas (docs/adr/0037): small, PNG, decoded and checked by the gateway. */
export const TEMPLATE_THUMBNAIL_LIMITS = {
  /** Bytes of the PNG itself. */
  bytes: 512 * 1024,
  /** Pixels of its longer side. */
  maxSide: 1024,
} as const;

/** PUT /templates/{uid}/versions/{id}/thumbnail */
export const TemplateThumbnailUpload = z.object({
  /** `data:image/png;base64,…`: what `canvas.toDataURL({format: 'png'})` returns. */
  image: z
    .string()
    .max(Math.ceil((TEMPLATE_THUMBNAIL_LIMITS.bytes * 4) / 3) + 100, {
      message: `The thumbnail is larger than ${TEMPLATE_THUMBNAIL_LIMITS.bytes} bytes of PNG.`,
    })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'Expected a PNG data URL: data:image/png;base64,…'),
});
export type TemplateThumbnailUpload = z.infer<typeof TemplateThumbnailUpload>;

/** One saved version as the list shows it. */
export interface TemplateVersionSummary {
  id: string;
  /** 1 for the template's first save, +1 per save (restores included). */
  number: number;
  createdAt: string;
  /** A dashboard user's email, or `key:<key id>` for an API key. */
  createdBy: string;
  thumbnail: string | null;
}
