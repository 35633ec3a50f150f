import { z } from 'zod';
import {
  BatchRenderRequest,
  CanvasImageRequest,
  ExpressionInterpolateRequest,
  ExpressionValidateRequest,
  GifCaptureRequest,
  GifRequest,
  ImageRequest,
  PdfMultiPageRequest,
  PdfRenderRequest,
  TemplateCreate,
  TemplateMultiSizeRenderRequest,
  TemplatePreviewRequest,
  TemplateRenderRequest,
  TemplateUpdate,
  VideoGenerateRequest,
  VideoRenderRequest,
  VideoTemplateCreate,
  VideoTemplateUpdate,
} from '../index.js';
import { bodyFieldNames, nearMissFieldErrors, nearMissOf } from './unknown-fields.js';

describe('unknown body fields: the near-miss rule', () => {
  const IMAGE = bodyFieldNames(ImageRequest)!;

  it('refuses a typo of a field of that body, naming the field', () => {
    expect(nearMissFieldErrors(ImageRequest, { html: '<p/>', widht: 800 })).toEqual([
      { field: 'widht', message: 'Unknown field `widht`; did you mean `width`?', code: 'unrecognized_keys' },
    ]);
    // One swap, one missing, one extra or one wrong letter; two edits on longer names.
    expect(['heigth', 'heigt', 'heighht', 'heigxt'].map((key) => nearMissOf(key, IMAGE))).toEqual(['height', 'height', 'height', 'height']);
    expect(nearMissOf('fileExtention', IMAGE)).toBe('fileExtension');
    expect(nearMissOf('devceScaleFacter', IMAGE)).toBe('deviceScaleFactor');
    expect(nearMissOf('fromat', bodyFieldNames(TemplateRenderRequest)!)).toBe('format');
  });

  it('refuses another case and the snake_case or kebab-case spelling of a camelCase field', () => {
    expect(nearMissOf('Width', IMAGE)).toBe('width');
    expect(nearMissOf('HTML', IMAGE)).toBe('html');
    expect(nearMissOf('URL', IMAGE)).toBe('url');
    expect(nearMissOf('file_extension', IMAGE)).toBe('fileExtension');
    expect(nearMissOf('device-scale-factor', IMAGE)).toBe('deviceScaleFactor');
    expect(nearMissOf('template_uid', bodyFieldNames(PdfRenderRequest)!)).toBe('templateUid');
  });

  it('leaves other unknown keys alone, and never refuses a field the body accepts', () => {
    for (const key of ['uid', 'createdAt', 'futureOption', 'variableSets', 'preset', 'css', 'x', 'ur', 'foo'])
      expect(nearMissOf(key, IMAGE)).toBeNull();
    for (const key of IMAGE) expect(nearMissOf(key, IMAGE)).toBeNull();
    // A short name takes no letter edits: `uri` is not `url`, `fpx` not `fps`.
    expect(nearMissOf('uri', IMAGE)).toBeNull();
    expect(nearMissOf('fpx', bodyFieldNames(VideoTemplateCreate)!)).toBeNull();
  });

  it('names the nearest field when a key is near several', () => {
    expect(nearMissOf('layuts', bodyFieldNames(ImageRequest)!)).toBe('layouts');
    expect(nearMissOf('layot', bodyFieldNames(ImageRequest)!)).toBe('layout');
  });

  it('reads the fields through refinements, defaults, preprocessors, transforms, unions and lazies', () => {
    const inner = z.object({ width: z.number(), height: z.number() });
    expect(bodyFieldNames(inner.superRefine(() => undefined))).toEqual(['width', 'height']);
    expect(bodyFieldNames(z.preprocess((v) => v, inner))).toEqual(['width', 'height']);
    expect(bodyFieldNames(inner.transform((v) => v.width))).toEqual(['width', 'height']);
    expect(bodyFieldNames(inner.optional().default({ width: 1, height: 1 }))).toEqual(['width', 'height']);
    expect(bodyFieldNames(z.union([inner, z.object({ size: z.string() })]))).toEqual(['width', 'height', 'size']);
    expect(bodyFieldNames(z.lazy(() => inner))).toEqual(['width', 'height']);
    expect(bodyFieldNames(z.intersection(inner, z.object({ name: z.string() })))).toEqual(['width', 'height', 'name']);
    expect(bodyFieldNames(z.strictObject({ name: z.string() }))).toEqual(['name']);
  });

  it('has nothing to say about bodies that take any key, or that are not objects', () => {
    expect(bodyFieldNames(z.record(z.string(), z.unknown()))).toBeNull();
    expect(bodyFieldNames(z.looseObject({ width: z.number() }))).toBeNull();
    expect(bodyFieldNames(z.union([z.object({ width: z.number() }), z.record(z.string(), z.string())]))).toBeNull();
    expect(nearMissFieldErrors(z.record(z.string(), z.unknown()), { widht: 1 })).toEqual([]);
    expect(nearMissFieldErrors(ImageRequest, [{ widht: 1 }])).toEqual([]);
    expect(nearMissFieldErrors(ImageRequest, null)).toEqual([]);
  });
});

/*
 * Every top-level field the hosted service's published clients send, per body, read from their
 * sources (pictify-python 1.0–1.1 `client.py`; the MCP server's `src/tools/*.ts`, older and newer
 * tools; the n8n node `Pictify.node.ts`; the hosted dashboard's calls listed in docs/compatibility.md).
 * A field we do not know yet (`variableSets` and `preset` on a template render, from the newer MCP
 * tools) must stay an ignored unknown field, never a near miss.
 */
const CLIENT_BODIES: Array<[string, z.ZodType, string[]]> = [
  [
    'POST /image (python, n8n, mcp)',
    ImageRequest,
    ['html', 'url', 'template', 'variables', 'width', 'height', 'selector', 'fileExtension'],
  ],
  [
    'POST /image/canvas (mcp)',
    CanvasImageRequest,
    ['fabricJSData', 'fileExtension', 'variables', 'variableDefinitions', 'width', 'height'],
  ],
  ['POST /gif (python, n8n, mcp)', GifRequest, ['html', 'url', 'template', 'variables', 'width', 'height', 'quality']],
  ['POST /gif/capture (mcp)', GifCaptureRequest, ['url', 'width', 'height', 'quality', 'frameDurationSeconds']],
  ['POST /pdf/render (mcp)', PdfRenderRequest, ['templateUid', 'variables', 'options']],
  ['POST /pdf/multi-page (mcp)', PdfMultiPageRequest, ['templateUid', 'variableSets', 'options']],
  [
    'POST /templates (python, mcp)',
    TemplateCreate,
    ['html', 'name', 'fabricJSData', 'width', 'height', 'type', 'category', 'tags', 'variableDefinitions', 'outputFormat'],
  ],
  ['PUT /templates/{uid} (mcp)', TemplateUpdate, ['name', 'html', 'fabricJSData', 'width', 'height', 'variableDefinitions']],
  [
    'POST /templates/{uid}/render (python, n8n, mcp old and new)',
    TemplateRenderRequest,
    ['variables', 'format', 'quality', 'width', 'height', 'layout', 'layouts', 'variableSets', 'preset'],
  ],
  [
    'POST /templates/{uid}/batch-render (python, n8n, mcp)',
    BatchRenderRequest,
    ['variableSets', 'csvUrl', 'mappings', 'format', 'quality', 'concurrency', 'layout', 'layouts'],
  ],
  [
    'POST /templates/{uid}/multi-size-render (mcp, hosted dashboard)',
    TemplateMultiSizeRenderRequest,
    ['sizes', 'variables', 'layout', 'format', 'quality'],
  ],
  ['POST /templates/expression/validate (mcp)', ExpressionValidateRequest, ['expression']],
  ['POST /templates/expression/interpolate (hosted dashboard)', ExpressionInterpolateRequest, ['template', 'variables']],
  [
    'POST /templates/preview (hosted dashboard)',
    TemplatePreviewRequest,
    ['html', 'templateUid', 'canvas', 'variables', 'width', 'height', 'format'],
  ],
  ['POST /video/templates/{uid}/render (python, mcp)', VideoRenderRequest, ['variables', 'format']],
  [
    'POST /video/templates (python, mcp)',
    VideoTemplateCreate,
    ['name', 'kind', 'tsx', 'width', 'height', 'fps', 'durationInFrames', 'status'],
  ],
  [
    'PUT /video/templates/{uid} (mcp)',
    VideoTemplateUpdate,
    ['name', 'tsx', 'width', 'height', 'fps', 'durationInFrames', 'variableDefinitions'],
  ],
  ['POST /video/templates/generate (python, mcp)', VideoGenerateRequest, ['prompt', 'width', 'height', 'durationSeconds', 'brandColor']],
  // What GET answers, sent back whole on PUT (a client that edits a copy of what it read).
  [
    'PUT /templates/{uid} with a GET /templates/{uid} answer',
    TemplateUpdate,
    // prettier-ignore
    ['uid', 'name', 'engine', 'html', 'fabricJSData', 'jsEnabled', 'strictVariables', 'type', 'category', 'tags', 'width', 'height', 'thumbnail',
      'lastRenderedAt', 'outputFormat', 'pdfPreset', 'variableDefinitions', 'pages', 'layouts', 'createdAt', 'updatedAt'],
  ],
  [
    'PUT /video/templates/{uid} with a GET /video/templates/{uid} answer',
    VideoTemplateUpdate,
    // prettier-ignore
    ['uid', 'name', 'kind', 'width', 'height', 'fps', 'durationInFrames', 'durationSeconds', 'variableDefinitions', 'tsx', 'projectJson', 'createdAt',
      'updatedAt'],
  ],
];

describe('unknown body fields: what the published clients send', () => {
  it.each(CLIENT_BODIES)('%s: no field is refused', (_call, schema, fields) => {
    const body = Object.fromEntries(fields.map((field) => [field, 1]));
    expect(nearMissFieldErrors(schema, body)).toEqual([]);
  });
});
