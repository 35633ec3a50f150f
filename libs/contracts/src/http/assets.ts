import { z } from 'zod';
import { queryInt } from './common.js';

export const AssetKind = z.enum(['image', 'font']);
export type AssetKind = z.infer<typeof AssetKind>;

/** A family name safe to place in CSS and canvas JSON. */
const FontFamilyName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
    /^[^"\\<>{};\u0000-\u001f]+$/,
    'Letters, digits, spaces and simple punctuation only (no quotes, braces, semicolons or angle brackets).',
  );

/** POST /assets: the file is the raw request body (its Content-Type is ignored: the bytes decide); these are query parameters. */
export const AssetUploadQuery = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  /** When given, the upload is refused if its content is of the other kind. */
  kind: AssetKind.optional(),
  /** Fonts only: the family name templates use instead of the one in the font's name table. */
  family: FontFamilyName.optional(),
});
export type AssetUploadQuery = z.infer<typeof AssetUploadQuery>;

/** GET /assets */
export const AssetListQuery = z.object({
  kind: AssetKind.optional(),
  page: queryInt({ min: 1, default: 1 }),
  limit: queryInt({ min: 1, max: 100, default: 50 }),
});
export type AssetListQuery = z.infer<typeof AssetListQuery>;
