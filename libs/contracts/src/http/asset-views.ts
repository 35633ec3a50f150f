import { z } from 'zod';
import { AssetKind } from './assets.js';
import { PLANS } from './plan-change.js';

/*
 * What the asset library answers (docs/assets.md). The gateway's view
 * (services/gateway/src/views/asset-view.ts) returns this type.
 */

export const AssetView = z.object({
  id: z.string(),
  kind: AssetKind,
  format: z.string().describe('`png`, `jpeg`, `webp`, `svg`, `ttf`, `otf` or `woff2`, decided from the bytes.'),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string().describe('The public file URL, usable in templates.'),
  font: z
    .object({ family: z.string(), weight: z.number().int(), style: z.string() })
    .nullable()
    .describe('Fonts only: the family name templates use, its weight and style.'),
  createdAt: z.string(),
});
export type AssetView = z.infer<typeof AssetView>;

/** `usage` of GET /assets: what the library uses against its plan's limits ("12 of 50"). */
export const AssetUsage = z.object({
  plan: z.enum(PLANS),
  assets: z.number().int(),
  bytes: z.number().int(),
  limits: z.object({ assets: z.number().int(), bytes: z.number().int(), fileBytes: z.number().int() }),
});
