import { z } from 'zod';
import { AgentScreenshotRequest, ImageListQuery, ImageRequest, OgImageRequest } from '../http/image.js';
import { CanvasImageRequest } from '../http/canvas.js';
import { GifCaptureRequest, GifRequest } from '../http/gif.js';
import { PdfMultiPageRequest, PdfRenderRequest } from '../http/pdf.js';
import { RenderHistoryQuery } from '../http/dashboard.js';
import { RenderDetail, RenderHistoryPage } from '../http/render-views.js';
import { UrlRenderQuery } from '../http/url-render.js';
import { file, json, type Operation } from './operation.js';
import { WAITED_RENDER_FAILURES } from './waited-render-problems.js';
import {
  GifEntry,
  GifResult,
  ImageEntry,
  ImageResult,
  LayoutRenders,
  Pagination,
  PdfEntry,
  PdfPresets,
  PdfResult,
  QueuedRender,
} from './responses.js';
import { PDF_PRESETS_EXAMPLE, RENDER_DETAIL_EXAMPLE, RENDER_HISTORY_EXAMPLE } from './response-examples.js';

const POLL = "Accepted: queued. The render outlived the wait: poll `Location` (the render's GET) until it is `done`.";

// `gif` repeats the flat fields under the 200's name: the hosted service's clients read `gif.url` and `gif.uid`.
const QUEUED_GIF = json(
  QueuedRender.extend({ uid: z.string(), gif: QueuedRender.extend({ uid: z.string() }) }),
  `${POLL} \`gif\` holds the same \`uid\`, \`id\`, \`status\`, \`url: null\` and \`createdAt\` as the flat fields, where the 200 has its \`gif\`.`,
  {
    uid: 'gif_9k2m4q7x1v',
    gif: { uid: 'gif_9k2m4q7x1v', id: 'gif_9k2m4q7x1v', status: 'queued', url: null, createdAt: '2026-03-01T12:00:00.000Z' },
    id: 'gif_9k2m4q7x1v',
    status: 'queued',
    url: null,
    createdAt: '2026-03-01T12:00:00.000Z',
  },
);
const QUEUED = json(QueuedRender, POLL);
const RENDER_PROBLEMS = [
  'blocked-url',
  'render-timeout',
  'render-failed',
  'navigation-failed',
  'selector-not-found',
  ...WAITED_RENDER_FAILURES,
] as const;
const TEMPLATE_PROBLEMS = ['template-not-found', 'invalid-variable', 'expression-error'] as const;
const CARD = '<div style="font:64px sans-serif;padding:40px">Hello</div>';

export const renderOperations: Operation[] = [
  {
    method: 'post',
    path: '/image',
    operationId: 'renderImage',
    tag: 'Images',
    summary: 'Render an image from HTML, a URL or a template',
    description:
      'Exactly one of `html`, `url` or `template`. Answers 200 with the file URL when the render finishes within the wait, else 202.',
    auth: 'apiKey',
    billed: true,
    body: ImageRequest,
    example: { html: CARD, width: 1200, height: 630, fileExtension: 'png' },
    responses: { 200: json(z.union([ImageResult, LayoutRenders]), 'Rendered.'), 202: json(z.union([QueuedRender, LayoutRenders]), POLL) },
    problems: [...RENDER_PROBLEMS, ...TEMPLATE_PROBLEMS],
  },
  {
    method: 'get',
    path: '/image',
    operationId: 'listImages',
    tag: 'Images',
    summary: 'List image renders, newest first',
    auth: 'apiKey',
    query: ImageListQuery,
    responses: { 200: json(z.looseObject({ images: z.array(ImageEntry), pagination: Pagination })) },
  },
  {
    method: 'get',
    path: '/image/{uid}',
    operationId: 'getImage',
    tag: 'Images',
    summary: 'One image render (poll a 202 here)',
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ image: ImageEntry })) },
    problems: ['not-found'],
  },
  {
    method: 'post',
    path: '/image/og-image',
    operationId: 'renderOgImage',
    tag: 'Images',
    summary: 'Render an Open Graph card from a template and card fields',
    auth: 'apiKey',
    billed: true,
    body: OgImageRequest,
    example: { template: 'tpl_123', heading: 'Launch day', description: 'Pressroom 1.0 is out' },
    responses: { 200: json(z.union([ImageResult, LayoutRenders])), 202: json(z.union([QueuedRender, LayoutRenders]), POLL) },
    problems: [...RENDER_PROBLEMS, ...TEMPLATE_PROBLEMS],
  },
  {
    method: 'post',
    path: '/image/canvas',
    operationId: 'renderCanvas',
    tag: 'Images',
    summary: 'Render a Fabric.js canvas document',
    auth: 'apiKey',
    billed: true,
    body: CanvasImageRequest,
    example: {
      fabricJSData: {
        version: '6.0.0',
        width: 1200,
        height: 630,
        background: '#0f172a',
        objects: [{ type: 'Textbox', text: '{{title}}', left: 80, top: 240, width: 1040, fontSize: 72, fill: '#ffffff' }],
      },
      variables: { title: 'Hello' },
    },
    responses: { 200: json(ImageResult), 202: QUEUED },
    problems: RENDER_PROBLEMS,
  },
  {
    method: 'post',
    path: '/image/agent-screenshot',
    operationId: 'agentScreenshot',
    tag: 'Images',
    summary: 'Screenshot a page after an AI agent prepared it from a prompt',
    auth: 'apiKey',
    billed: true,
    body: AgentScreenshotRequest,
    example: { prompt: 'Open example.com, close the cookie banner and capture the pricing table' },
    responses: { 200: json(ImageResult), 202: QUEUED },
    problems: [...RENDER_PROBLEMS, 'ai-not-configured', 'ai-quota-exceeded', 'ai-generation-failed'],
  },
  {
    method: 'post',
    path: '/gif',
    operationId: 'renderGif',
    tag: 'GIFs',
    summary: 'Render an animated GIF from HTML, a URL or a template',
    auth: 'apiKey',
    billed: true,
    body: GifRequest,
    example: { html: CARD, width: 400, height: 300 },
    responses: {
      200: json(z.looseObject({ gif: GifResult })),
      202: QUEUED_GIF,
    },
    problems: [...RENDER_PROBLEMS, ...TEMPLATE_PROBLEMS],
  },
  {
    method: 'get',
    path: '/gif',
    operationId: 'listGifs',
    tag: 'GIFs',
    summary: 'List GIF renders, newest first',
    auth: 'apiKey',
    query: ImageListQuery,
    responses: { 200: json(z.looseObject({ gifs: z.array(GifEntry), pagination: Pagination })) },
  },
  {
    method: 'post',
    path: '/gif/capture',
    operationId: 'captureGif',
    tag: 'GIFs',
    summary: 'Record a live page as a GIF for a few seconds',
    auth: 'apiKey',
    billed: true,
    body: GifCaptureRequest,
    example: { url: 'https://example.com', frameDurationSeconds: 3 },
    responses: { 200: json(z.looseObject({ gif: GifResult })), 202: QUEUED_GIF },
    problems: RENDER_PROBLEMS,
  },
  {
    method: 'get',
    path: '/gif/{uid}',
    operationId: 'getGif',
    tag: 'GIFs',
    summary: 'One GIF render (poll a 202 here)',
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ gif: GifEntry })) },
    problems: ['not-found'],
  },
  {
    method: 'post',
    path: '/pdf/render',
    operationId: 'renderPdf',
    tag: 'PDFs',
    summary: 'Render a PDF from HTML, a URL or a template',
    auth: 'apiKey',
    billed: true,
    body: PdfRenderRequest,
    example: { html: '<h1>Invoice</h1>', preset: 'A4' },
    responses: { 200: json(PdfResult), 202: json(QueuedRender.extend({ success: z.literal(true) }), POLL) },
    problems: [...RENDER_PROBLEMS, ...TEMPLATE_PROBLEMS],
  },
  {
    method: 'post',
    path: '/pdf/multi-page',
    operationId: 'renderMultiPagePdf',
    tag: 'PDFs',
    summary: 'Render one PDF from a template and several variable sets (one page each)',
    auth: 'apiKey',
    billed: true,
    body: PdfMultiPageRequest,
    example: { template: 'tpl_123', variableSets: [{ name: 'Ada' }, { name: 'Grace' }] },
    responses: { 200: json(PdfResult), 202: json(QueuedRender.extend({ success: z.literal(true) }), POLL) },
    problems: [...RENDER_PROBLEMS, ...TEMPLATE_PROBLEMS],
  },
  {
    method: 'get',
    path: '/pdf/presets',
    operationId: 'listPdfPresets',
    tag: 'PDFs',
    summary: 'The paper presets and their sizes',
    auth: 'apiKey',
    responses: { 200: json(PdfPresets, 'OK', PDF_PRESETS_EXAMPLE) },
  },
  {
    method: 'get',
    path: '/pdf',
    operationId: 'listPdfs',
    tag: 'PDFs',
    summary: 'List PDF renders, newest first',
    auth: 'apiKey',
    query: ImageListQuery,
    responses: { 200: json(z.looseObject({ pdfs: z.array(PdfEntry), pagination: Pagination })) },
  },
  {
    method: 'get',
    path: '/pdf/{uid}',
    operationId: 'getPdf',
    tag: 'PDFs',
    summary: 'One PDF render (poll a 202 here)',
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ pdf: PdfEntry })) },
    problems: ['not-found'],
  },
  {
    method: 'get',
    path: '/renders',
    operationId: 'listRenders',
    tag: 'Renders',
    summary: 'Render history of every kind, with filters',
    auth: 'apiKey',
    query: RenderHistoryQuery,
    responses: { 200: json(RenderHistoryPage, 'OK', RENDER_HISTORY_EXAMPLE) },
  },
  {
    method: 'get',
    path: '/renders/{id}',
    operationId: 'getRender',
    tag: 'Renders',
    summary: 'One render of any kind, with its error explained',
    auth: 'apiKey',
    responses: { 200: json(z.object({ render: RenderDetail }), 'OK', RENDER_DETAIL_EXAMPLE) },
    problems: ['not-found'],
  },
  {
    method: 'get',
    path: '/renders/{id}/file',
    operationId: 'downloadRender',
    tag: 'Renders',
    summary: "A finished render's file, to save (Content-Disposition: attachment)",
    description:
      "The file read from Pressroom's own store whatever the storage backend, from the API's own origin (a browser saves " +
      'it, where a `download` link to a file on another origin only opens it). `Content-Disposition` names it ' +
      '`<render id>.<ext>` (`filename`) and `<template name>-<render id>.<ext>` (`filename*`, UTF-8). A render still ' +
      'queued or rendering is a 409; a failed one, or one whose file is no longer stored, a 404. One `Range` is answered ' +
      'as a 206 with `Content-Range` (a 416 past the end), with `ETag` and `If-Range`, so an interrupted save resumes.',
    auth: 'apiKey',
    responses: { 200: file(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf', 'video/mp4', 'video/webm']) },
    problems: ['not-found', 'conflict', 'range-not-satisfiable'],
  },
  {
    method: 'delete',
    path: '/renders/{id}',
    operationId: 'deleteRender',
    tag: 'Renders',
    summary: 'Delete a finished render and its files from every store',
    auth: 'apiKey',
    responses: { 200: json(z.looseObject({ id: z.string(), deleted: z.boolean() })) },
    problems: ['not-found', 'conflict'],
  },
  {
    method: 'get',
    path: '/files/{key}',
    route: String(/^\/files\/(.+)$/),
    operationId: 'getFile',
    tag: 'Files',
    summary: 'A rendered file (public, immutable; the URL holds a random id)',
    auth: 'public',
    responses: { 200: file(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf', 'video/mp4']) },
    problems: ['not-found', 'range-not-satisfiable'],
  },
  {
    method: 'get',
    path: '/r/{file}',
    operationId: 'renderFromSignedUrl',
    tag: 'Files',
    summary: 'Render a template by URL, for an img src: with token=<API key> or signed (sid, exp, s); cached',
    description:
      '`file` is the template uid and an image extension. Authenticate with `token` (or `Authorization: Bearer`), which puts a full-access key in the URL, ' +
      "or sign the URL with the account's URL-signing secret (`sid`, optional `exp`, `s`; docs/signed-urls.md), which puts none. " +
      "`quality` and `layout` are the render's own; every other query parameter is a template variable. Identical URLs (parameter order and `token` aside) " +
      'are answered from the cache without a new render or a credit until the template changes; `If-None-Match` with the `ETag` answers 304. ' +
      "Never an error page, so an `<img>` keeps working: any failure but a signature's — a missing or invalid key, an unknown template or extension, " +
      'a bad `quality` or variable, a render error, the per-minute limit, the credits — answers **200** with a transparent 1×1 PNG, `Cache-Control: no-store` ' +
      'and `X-Pressroom-Error: <slug>` (`missing-auth`, `invalid-api-key`, `route-not-found`, `template-not-found`, `validation-error`, `rate-limit`, ' +
      '`quota-exceeded`, `render-failed`…; a rate-limited one also carries `Retry-After`). A signed URL that does not verify, has expired or is over its ' +
      "secret's render cap answers a real **403** problem, which also carries `X-Pressroom-Error` and `Cache-Control: no-store`.",
    auth: 'keyOrSignedUrl',
    query: UrlRenderQuery,
    queryRest: {
      name: 'variables',
      description:
        'Every query parameter other than the ones above is a template variable, given once, as text (`?title=Hello&color=%23ff0000`), ' +
        'read through the template language and its variable definitions as in `POST /templates/{uid}/render`.',
    },
    failuresAsImage: true,
    responses: {
      200: file(
        ['image/png', 'image/jpeg', 'image/webp'],
        "The rendered image; or, on any failure but a signature's, a transparent 1×1 PNG whose `X-Pressroom-Error` names the problem.",
        {
          'X-Pressroom-Error': 'Only on a failure (the transparent PNG): the problem slug, documented at `/errors/<slug>`.',
          'X-Pressroom-Render-Id': 'The render that made the image (absent on a failure).',
          ETag: 'The cache entry of this URL: send it as `If-None-Match` for a 304.',
          'Cache-Control': '`private, max-age=300` for an image, `no-store` for a failure.',
        },
      ),
      304: { description: 'Not modified: the `If-None-Match` ETag is current.' },
    },
    problems: ['invalid-signature', 'signature-expired', 'signed-render-cap'],
  },
];
