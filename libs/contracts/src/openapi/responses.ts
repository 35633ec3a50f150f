import { z } from 'zod';
import { PDF_PAPER_PRESETS } from '../http/output-limits.js';

/*
 * Response bodies. Open on purpose: the fields listed are promised, new fields may be added without
 * breaking clients (and without breaking the end-to-end suite, which validates every answer against
 * these). The views the gateway builds are exact `z.object`s in ../http/*-views.ts (their TypeScript
 * types are the server's); the document leaves every answer object open all the same (ADR 0061).
 */

const id = z.string().min(1);
const timestamp = z.string().min(1);
const renderStatus = z.enum(['queued', 'rendering', 'done', 'failed']);
const renderError = z.looseObject({ slug: z.string(), detail: z.string() }).nullable();

/** RFC 9457 problem details as every error answer carries them. */
export const Problem = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  code: z.string().optional(),
  /** Validation problems: one entry per refused field; `code` is the rule it broke (zod's issue code, else `invalid_value`). */
  errors: z.array(z.looseObject({ field: z.string(), message: z.string(), code: z.string() })).optional(),
});

/** Any JSON object: operations whose body is described in prose only. */
export const JsonObject = z.looseObject({});

export const Pagination = z.looseObject({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});

/** 202: the render outlived the wait; poll the `Location`. */
export const QueuedRender = z.looseObject({ id, status: z.literal('queued'), url: z.null(), createdAt: timestamp });

export const ImageResult = z.looseObject({ id, url: z.string(), createdAt: timestamp });

/** A template with several layouts renders one image per layout. */
export const LayoutRenders = z.looseObject({
  renders: z.array(
    z.looseObject({
      layout: z.string(),
      /** The layout's display name (its key when it has none). */
      name: z.string(),
      id,
      url: z.string().nullable(),
      status: renderStatus,
      width: z.number(),
      height: z.number(),
      format: z.string(),
      createdAt: timestamp,
    }),
  ),
});

export const ImageEntry = z.looseObject({
  id,
  url: z.string().nullable(),
  status: renderStatus,
  width: z.number(),
  height: z.number(),
  format: z.string(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
  error: renderError,
});

export const GifResult = z.looseObject({
  url: z.string(),
  uid: id,
  width: z.number(),
  height: z.number(),
  frames: z.number(),
  createdAt: timestamp,
});
export const GifEntry = z.looseObject({ uid: id, id, url: z.string().nullable(), status: renderStatus, createdAt: timestamp });

export const PdfResult = z.looseObject({
  success: z.literal(true),
  id,
  url: z.string(),
  pageCount: z.number().int(),
  preset: z.string(),
  pageSize: z.looseObject({ width: z.number(), height: z.number() }),
  createdAt: timestamp,
});
export const PdfEntry = z.looseObject({ id, url: z.string().nullable(), status: renderStatus, createdAt: timestamp, error: renderError });

export const TemplateView = z.looseObject({
  uid: id,
  name: z.string(),
  html: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  outputFormat: z.enum(['image', 'pdf']),
  variableDefinitions: z.array(z.looseObject({ name: z.string() })),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const Deleted = z.looseObject({ message: z.string(), uid: z.string() });
export const WebhookSubscription = z.looseObject({
  uid: id,
  event: z.string(),
  targetUrl: z.string(),
  platform: z.string(),
  status: z.enum(['active', 'paused', 'failed']),
  deliveryCount: z.number().int(),
  failureCount: z.number().int(),
  createdAt: timestamp,
  secret: z.string().optional(),
});
export const VideoTemplate = z.looseObject({ uid: id, name: z.string() });
export const ApiKey = z.looseObject({ id, name: z.string().nullable(), createdAt: timestamp });
/** A pending team invitation as its team's owners and admins list it: never the link's token nor its hash. */
export const TeamInvite = z.looseObject({
  id,
  email: z.string().nullable(),
  role: z.enum(['admin', 'member']),
  invitedBy: z.looseObject({ id, email: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
});
export const Health = z.looseObject({
  status: z.enum(['ok', 'degraded']),
  // Public, so each component says only whether it is ok (`db`, `bus`, `storage`, the renderers).
  components: z.record(z.string(), z.object({ ok: z.boolean() })),
});

/** GET /pdf/presets: each paper preset in points (what `width`/`height` of a PDF mean) and millimetres. */
export const PdfPresets = z.object({
  presets: z.object(
    Object.fromEntries(
      Object.keys(PDF_PAPER_PRESETS).map((name) => [
        name,
        z.object({ name: z.literal(name), width: z.number(), height: z.number(), widthMm: z.number(), heightMm: z.number() }),
      ]),
    ),
  ),
});

/** A JSON-RPC 2.0 answer of the MCP server: `result` (whatever the method returns) or `error`. */
export const JsonRpcAnswer = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
});

/** GET /openapi.json: an OpenAPI 3.1 document (its own meta-schema describes the rest). */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});
