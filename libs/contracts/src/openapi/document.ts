import { z } from 'zod';
import { PROBLEM_KINDS, type ProblemSlug } from '@pressroom/problem';
import type { Operation, ProblemRef, ResponseSpec } from './operation.js';
import { OPERATIONS, TAGS } from './registry.js';
import { Problem } from './responses.js';

type Json = Record<string, unknown>;

/** The version of the API contract (not of the server build). */
export const API_VERSION = '1.0.0';

const PROBLEM_TYPE = 'application/problem+json';

/** zod → JSON Schema 2020-12, which OpenAPI 3.1 uses as is. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return io === 'input' ? defaultsOptional(rest) : openObjects(rest);
}

/**
 * An answer may gain fields without breaking a client (ADR 0061): the view schemas are exact `z.object`s, for
 * exact TypeScript types on the server, and zod writes their output as closed (`additionalProperties: false`).
 */
function openObjects(node: unknown): Json {
  if (Array.isArray(node)) return node.map(openObjects) as unknown as Json;
  if (typeof node !== 'object' || node === null) return node as Json;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}

/** A request field with a default may be left out, whatever `required` the generator listed. */
function defaultsOptional(node: unknown): Json {
  if (Array.isArray(node)) return node.map(defaultsOptional) as unknown as Json;
  if (typeof node !== 'object' || node === null) return node as Json;
  const copy: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, defaultsOptional(value)]));
  const properties = copy.properties as Record<string, Json> | undefined;
  if (Array.isArray(copy.required) && properties) {
    copy.required = (copy.required as string[]).filter((name) => properties[name]?.default === undefined);
    if ((copy.required as string[]).length === 0) delete copy.required;
  }
  return copy;
}

/**
 * Problems every operation of a kind can answer, so an entry only lists its own:
 * authentication and rate limits for API-key operations, the session for the
 * dashboard's, body and query validation, idempotency for POSTs.
 */
function commonProblems(operation: Operation): ProblemRef[] {
  const list: ProblemRef[] = ['service-unavailable'];
  // Its key, query and render failures are a 200 image: only its own problems are real statuses.
  if (operation.failuresAsImage) return list;
  if (operation.auth === 'apiKey') list.push('missing-auth', 'invalid-api-key', 'forbidden', 'rate-limit');
  if (operation.auth === 'session') list.push('not-signed-in', 'missing-auth', 'invalid-api-key', 'csrf-failed', 'forbidden', 'rate-limit');
  if (operation.body) list.push('validation-error', 'malformed-json', 'unsupported-media-type', 'payload-too-large');
  if (operation.query) list.push('validation-error');
  if (operation.method === 'post' && operation.auth !== 'public')
    list.push('validation-error', 'idempotency-key-reuse', 'idempotency-in-progress');
  if (operation.billed) list.push('quota-exceeded');
  return list;
}

const slugOf = (ref: ProblemRef): ProblemSlug => (typeof ref === 'string' ? ref : ref.slug);
const statusOf = (ref: ProblemRef): number => (typeof ref === 'string' ? PROBLEM_KINDS[ref].status : ref.status);

/**
 * Every problem the operation can answer, as [slug, status] pairs. The operation's own entries for a slug
 * replace the common one (video's 402 `quota-exceeded`), and may name a slug at more than one status
 * (`render-failed`: 422 for a page that cannot render, 500 for a failure of ours).
 */
export function problemsOf(operation: Operation): Array<[ProblemSlug, number]> {
  const statuses = new Map<ProblemSlug, Set<number>>();
  for (const ref of commonProblems(operation)) statuses.set(slugOf(ref), new Set([statusOf(ref)]));
  const replaced = new Set<ProblemSlug>();
  for (const ref of operation.problems ?? []) {
    const slug = slugOf(ref);
    // The first own entry replaces the common status (keeping the slug's place); later ones add statuses.
    if (!replaced.has(slug)) statuses.set(slug, new Set());
    replaced.add(slug);
    statuses.get(slug)!.add(statusOf(ref));
  }
  return [...statuses].flatMap(([slug, set]) => [...set].map((status): [ProblemSlug, number] => [slug, status]));
}

const header = (description: string, schema: Json = { type: 'integer' }): Json => ({ description, schema });
const RATE_HEADERS = {
  'X-RateLimit-Limit': header('Requests allowed in the current window.'),
  'X-RateLimit-Remaining': header('Requests left in the current window.'),
  'X-RateLimit-Reset': header('When the window resets (Unix seconds).'),
};

function responseObject(operation: Operation, status: number, spec: ResponseSpec): Json {
  const headers: Json = operation.auth === 'apiKey' || operation.auth === 'keyOrSignedUrl' ? { ...RATE_HEADERS } : {};
  for (const [name, description] of Object.entries(spec.headers ?? {})) headers[name] = header(description, { type: 'string' });
  if (status === 202) headers.Location = header('Where to poll for the result.', { type: 'string' });
  if (operation.method === 'post' && operation.auth !== 'public') {
    headers['Idempotent-Replayed'] = header('`true` when this answer replays the first request with the same Idempotency-Key.', {
      type: 'string',
    });
  }
  const content: Json = {};
  if (spec.schema) {
    content['application/json'] = {
      schema: jsonSchemaOf(spec.schema, 'output'),
      ...(spec.example !== undefined ? { example: spec.example } : {}),
    };
  }
  for (const type of spec.contentTypes ?? []) content[type] = { schema: { type: 'string', contentMediaType: type } };
  return {
    description: spec.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

function problemResponse(status: number, slugs: ProblemSlug[], details: ReadonlyMap<string, string>): Json {
  const retryable = slugs.some((slug) => slug === 'rate-limit' || slug === 'idempotency-in-progress' || slug === 'service-unavailable');
  return {
    description: slugs.map((slug) => `\`${slug}\`: ${PROBLEM_KINDS[slug].title}`).join('; '),
    ...(retryable ? { headers: { 'Retry-After': header('Seconds to wait before trying again (not sent with `quota-exceeded`).') } } : {}),
    content: {
      [PROBLEM_TYPE]: {
        schema: { $ref: '#/components/schemas/Problem' },
        examples: Object.fromEntries(
          slugs.map((slug) => [
            slug,
            {
              value: {
                type: `/errors/${slug}`,
                title: PROBLEM_KINDS[slug].title,
                status,
                detail: details.get(`${slug} ${status}`) ?? PROBLEM_KINDS[slug].description,
                instance: '/…',
              },
            },
          ]),
        ),
      },
    },
    'x-problem-slugs': slugs,
  };
}

function parametersOf(operation: Operation): Json[] {
  const parameters: Json[] = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  for (const [name, field] of Object.entries(operation.query?.shape ?? {})) {
    const schema = field as z.ZodType;
    parameters.push({
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      ...(schema.description ? { description: schema.description } : {}),
      schema: jsonSchemaOf(schema, 'input'),
    });
  }
  if (operation.queryRest) {
    parameters.push({
      name: operation.queryRest.name,
      in: 'query',
      required: false,
      description: operation.queryRest.description,
      style: 'form',
      explode: true,
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    });
  }
  for (const [name, description] of Object.entries(operation.requestHeaders ?? {})) {
    parameters.push({ name, in: 'header', required: false, description, schema: { type: 'string' } });
  }
  if (operation.method === 'post' && operation.auth !== 'public') {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Any unique string (1–255 printable ASCII): a retry with the same key and body is answered once (24 hours).',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return parameters;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Each auth kind's alternatives (any one of them suffices). */
const SECURITY: Record<Operation['auth'], Json[]> = {
  apiKey: [{ apiKey: [] }],
  session: [{ session: [] }, { apiKey: [] }],
  public: [],
  keyOrSignedUrl: [{ apiKeyQuery: [] }, { apiKey: [] }, { signedUrl: [] }],
};

function operationObject(operation: Operation, schemas: Json): Json {
  const responses: Json = {};
  for (const [status, spec] of Object.entries(operation.responses)) responses[status] = responseObject(operation, Number(status), spec);
  const byStatus = new Map<number, ProblemSlug[]>();
  for (const [slug, status] of problemsOf(operation)) byStatus.set(status, [...(byStatus.get(status) ?? []), slug]);
  const details = new Map<string, string>();
  for (const ref of operation.problems ?? [])
    if (typeof ref !== 'string' && ref.detail) details.set(`${ref.slug} ${ref.status}`, ref.detail);
  for (const [status, slugs] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (responses[String(status)] === undefined) responses[String(status)] = problemResponse(status, slugs, details);
  }
  const object: Json = {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: SECURITY[operation.auth],
    parameters: parametersOf(operation),
    responses,
  };
  if (operation.body) {
    const name = `${capitalised(operation.operationId)}Body`;
    schemas[name] = jsonSchemaOf(operation.body, 'input');
    object.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${name}` },
          ...(operation.example !== undefined ? { example: operation.example } : {}),
        },
      },
    };
  }
  if (operation.billed) object['x-billed'] = true;
  return object;
}

/** The OpenAPI 3.1 document of the API, from the operation registry. */
export function buildOpenApiDocument(options: { serverUrl?: string; operations?: readonly Operation[] } = {}): Json {
  const schemas: Json = { Problem: jsonSchemaOf(Problem, 'output') };
  const paths: Record<string, Json> = {};
  for (const operation of options.operations ?? OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation, schemas) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pressroom API',
      version: API_VERSION,
      description:
        'Render images, GIFs, PDFs and videos from HTML, URLs and templates. Authenticate with `Authorization: Bearer <API key>`. ' +
        'Errors are RFC 9457 problem details whose `type` ends with a slug documented at `/errors/<slug>`. ' +
        'Send an `Idempotency-Key` with any POST you may retry.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: [...new Set((options.operations ?? OPERATIONS).map((operation) => operation.tag))].map((name) => ({
      name,
      ...(TAGS[name] ? { description: TAGS[name] } : {}),
    })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (`make key`, or the dashboard).' },
        session: { type: 'apiKey', in: 'cookie', name: 'pressroom_session', description: "The dashboard's session cookie." },
        apiKeyQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description:
            'URL renders only: an API key in the `token` query parameter. Every key is full-access, so such a URL is for server-side or private use; publish signed URLs instead.',
        },
        signedUrl: {
          type: 'apiKey',
          in: 'query',
          name: 's',
          description:
            "URL renders only: a signed URL, with `sid` (the URL-signing secret's id), optional `exp` and `s`, the HMAC-SHA256 of the path and query with the secret (docs/signed-urls.md). It carries no key.",
        },
      },
    },
  };
}
