import { z } from 'zod';
import { AssetListQuery, AssetUploadQuery } from '../http/assets.js';
import { StarterCopyRequest } from '../http/starters.js';
import { AssetUsage, AssetView } from '../http/asset-views.js';
import { StarterView } from '../http/template-views.js';
import { json, type Operation } from './operation.js';
import { Pagination, TemplateView } from './responses.js';
import { ASSET_EXAMPLE, ASSET_LIST_EXAMPLE, STARTERS_EXAMPLE } from './response-examples.js';

const ASSET = json(z.object({ asset: AssetView }), 'OK', ASSET_EXAMPLE);

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
    responses: { 200: json(z.object({ assets: z.array(AssetView), pagination: Pagination, usage: AssetUsage }), 'OK', ASSET_LIST_EXAMPLE) },
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
    responses: { 200: json(z.object({ message: z.string(), id: z.string() })) },
    problems: ['not-found'],
  },
  {
    method: 'get',
    path: '/templates/starters',
    operationId: 'listStarterTemplates',
    tag: 'Templates',
    summary: 'The starter gallery shipped with Pressroom',
    auth: 'apiKey',
    responses: { 200: json(z.object({ starters: z.array(StarterView) }), 'OK', STARTERS_EXAMPLE) },
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
    // Loose, as POST /templates: the answer also carries the `version` the copy recorded (version 1 of its history).
    responses: { 200: json(z.looseObject({ template: TemplateView })) },
    problems: ['not-found'],
  },
];
