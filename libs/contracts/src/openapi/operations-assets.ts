import { z } from 'zod';
import { AssetListQuery, AssetUploadQuery } from '../http/assets.js';
import { StarterCopyRequest } from '../http/starters.js';
import { json, type Operation } from './operation.js';
import { JsonObject } from './responses.js';

const ASSET = json(z.looseObject({ asset: z.looseObject({ id: z.string(), kind: z.string(), url: z.string() }) }));

/** The asset library (images and fonts) and the starter gallery (docs/assets.md). */
export const assetOperations: Operation[] = [
  {
    method: 'post',
    path: '/assets',
    operationId: 'uploadAsset',
    tag: 'Assets',
    summary: 'Upload an image (PNG, JPEG, WebP, SVG) or a font (TTF, OTF, WOFF2)',
    description:
      'The request body is the file itself (any Content-Type; the kind is decided from its content). Fonts are usable by their family name in HTML and canvas templates of this account.',
    auth: 'apiKey',
    query: AssetUploadQuery,
    responses: { 201: ASSET },
    problems: ['payload-too-large', 'unsupported-media-type', 'plan-limit'],
  },
  {
    method: 'get',
    path: '/assets',
    operationId: 'listAssets',
    tag: 'Assets',
    summary: "This account's images and fonts",
    auth: 'apiKey',
    query: AssetListQuery,
    responses: {
      200: json(
        z.looseObject({
          assets: z.array(JsonObject),
          /** What the owner's library uses against its plan's limits. */
          usage: z.object({
            plan: z.string(),
            assets: z.number().int(),
            bytes: z.number().int(),
            limits: z.object({ assets: z.number().int(), bytes: z.number().int(), fileBytes: z.number().int() }),
          }),
        }),
      ),
    },
  },
  {
    method: 'get',
    path: '/assets/{id}',
    operationId: 'getAsset',
    tag: 'Assets',
    summary: 'One asset: kind, size, family (fonts) and its file URL',
    auth: 'apiKey',
    responses: { 200: ASSET },
    problems: ['not-found'],
  },
  {
    method: 'delete',
    path: '/assets/{id}',
    operationId: 'deleteAsset',
    tag: 'Assets',
    summary: 'Delete an asset and its file',
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ id: z.string() })) },
    problems: ['not-found'],
  },
  {
    method: 'get',
    path: '/templates/starters',
    operationId: 'listStarterTemplates',
    tag: 'Templates',
    summary: 'The starter gallery shipped with Pressroom',
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ starters: z.array(JsonObject) })) },
  },
  {
    method: 'post',
    path: '/templates/starters/{key}/copy',
    operationId: 'copyStarterTemplate',
    tag: 'Templates',
    summary: 'Copy a starter into this account as a new template',
    auth: 'apiKey',
    body: StarterCopyRequest,
    example: { name: 'Our OG image' },
    responses: { 200: json(z.looseObject({ template: JsonObject })) },
    problems: ['not-found'],
  },
];
