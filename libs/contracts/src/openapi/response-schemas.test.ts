import { buildOpenApiDocument } from './document.js';
import { OPERATIONS, TAGS } from './registry.js';

type Json = Record<string, any>;

/**
 * Fields whose value is free-form by nature, by name wherever they appear in an answer: an object
 * of any keys here is the data itself, not a shape we forgot to write down.
 */
const FREE_FORM_FIELDS: Record<string, string> = {
  variables: "A batch row's or a mapped binding's variable values: whatever the template's variables are.",
  defaults: "A binding's default variable values, as the caller sent them.",
  defaultProps: "A code video scene's own props.",
  fabricJSData: 'A Fabric.js canvas document (docs/canvas.md), described by Fabric.js.',
};
/** Whole operations whose answer is free-form below its top level. */
const FREE_FORM_OPERATIONS: Record<string, string> = {
  getOpenApiJson: 'This document: the OpenAPI 3.1 meta-schema describes its `paths` and `components`.',
  mcp: 'The JSON-RPC `result` is whatever the MCP method answers (tools/list, tools/call...).',
};

/** Paths (`.a.b[]`) of the objects in a JSON Schema that name no field and type no value: `{}` or `{type: object}`. */
function untypedObjects(node: Json, path = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const found: string[] = [];
  const additional = node.additionalProperties;
  const open = additional === undefined || additional === true || (typeof additional === 'object' && Object.keys(additional).length === 0);
  if (node.type === 'object' && Object.keys(node.properties ?? {}).length === 0 && open && !node.patternProperties)
    found.push(path || '(root)');
  for (const [name, child] of Object.entries<Json>(node.properties ?? {})) found.push(...untypedObjects(child, `${path}.${name}`));
  if (node.items) found.push(...untypedObjects(node.items, `${path}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const child of node[key] ?? []) found.push(...untypedObjects(child, path));
  if (typeof additional === 'object') found.push(...untypedObjects(additional, `${path}{*}`));
  return found;
}

const document: Json = buildOpenApiDocument();
const successes = Object.entries<Json>(document.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item).flatMap(([method, operation]) =>
    Object.entries<Json>(operation.responses)
      .filter(([status]) => status.startsWith('2'))
      .map(([status, response]) => ({ where: `${method.toUpperCase()} ${path} ${status}`, operation, response })),
  ),
);

describe('the success answers of the API document', () => {
  it('type every object they contain, except fields that are free-form by nature', () => {
    const untyped: string[] = [];
    const allowedSeen = new Set<string>();
    for (const { where, operation, response } of successes) {
      const schema = response.content?.['application/json']?.schema;
      if (!schema) continue;
      for (const found of untypedObjects(schema)) {
        const field = /\.(\w+)(?:\[\]|\{\*\}|\|\d+)*$/.exec(found)?.[1];
        if (FREE_FORM_OPERATIONS[operation.operationId] && found !== '(root)') allowedSeen.add(operation.operationId);
        else if (field && FREE_FORM_FIELDS[field]) allowedSeen.add(field);
        else untyped.push(`${where} ${operation.operationId}: ${found}`);
      }
    }
    // An answer built by the server has a known shape: give it a schema in libs/contracts/src/http/*-views.ts.
    expect(untyped).toEqual([]);
    // Every exception is still needed.
    expect([...allowedSeen].sort()).toEqual([...Object.keys(FREE_FORM_FIELDS), ...Object.keys(FREE_FORM_OPERATIONS)].sort());
  });

  it('stay open to new fields: no answer object is closed', () => {
    const closed = successes.filter(({ response }) => JSON.stringify(response.content ?? {}).includes('"additionalProperties":false'));
    expect(closed.map(({ where }) => where)).toEqual([]);
  });

  it('show examples their own schema accepts', () => {
    const withExamples = OPERATIONS.flatMap((operation) =>
      Object.entries(operation.responses)
        .filter(([, spec]) => spec.example !== undefined)
        .map(([status, spec]) => ({ where: `${operation.operationId} ${status}`, spec })),
    );
    expect(withExamples.length).toBeGreaterThanOrEqual(30);
    const refused = withExamples
      .map(({ where, spec }) => ({ where, result: spec.schema!.safeParse(spec.example) }))
      .filter(({ result }) => !result.success)
      .map(({ where, result }) => `${where}: ${JSON.stringify(result.error?.issues)}`);
    expect(refused).toEqual([]);
    const shown = document.paths['/renders'].get.responses['200'].content['application/json'];
    expect(shown.example.items[0]).toMatchObject({ kind: 'image', status: 'done' });
  });

  it('describe an accepted (202) answer as queued, not as "OK"', () => {
    const plain = successes.filter(({ where, response }) => where.endsWith(' 202') && /^OK\b/.test(response.description));
    expect(plain.map(({ where }) => where)).toEqual([]);
    const queued = successes.filter(({ where }) => where.endsWith(' 202'));
    for (const { response } of queued) expect(response.description).toMatch(/accepted|queued/i);
  });

  it('give every tag a one-line description, and describe no tag that has no operation', () => {
    const tags = document.tags as { name: string; description?: string }[];
    expect(tags.filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([]);
    for (const tag of tags) expect(tag.description).toMatch(/^[^\n]{20,160}$/);
    expect(Object.keys(TAGS).sort()).toEqual(tags.map((tag) => tag.name).sort());
  });

  it('type the answers the dashboard and clients read most: renders, usage, batches', () => {
    const schema = (path: string) => document.paths[path].get.responses['200'].content['application/json'].schema;
    expect(schema('/renders').properties.items.items.required).toEqual(
      expect.arrayContaining(['id', 'kind', 'status', 'url', 'thumbnailUrl', 'error', 'createdAt']),
    );
    expect(schema('/renders').properties.pagination.required).toEqual(['limit', 'nextCursor', 'hasMore']);
    expect(schema('/renders/{id}').properties.render.required).toEqual(expect.arrayContaining(['parameters', 'timings', 'problem']));
    expect(schema('/usage').required).toEqual(['period', 'credits', 'aiCredits', 'rate', 'perDay', 'renders']);
    // Why renders were free, per day and for the month (added fields; the older ones keep their names).
    expect(schema('/usage').properties.perDay.items.required).toEqual([
      'date',
      'image',
      'gif',
      'pdf',
      'video',
      'failed',
      'bindingRefreshes',
      'aiScreenshots',
    ]);
    expect(schema('/usage').properties.renders.required).toEqual(['total', 'charged', 'failed', 'bindingRefreshes', 'aiScreenshots']);
    expect(schema('/batches').properties.batches.items.properties.status.enum).toEqual([
      'pending',
      'processing',
      'completed',
      'partial',
      'failed',
      'cancelled',
    ]);
  });
});
