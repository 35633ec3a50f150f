import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { OPERATIONS, UNDOCUMENTED_ROUTES, buildOpenApiDocument, problemsOf, routeOf } from '@pressroom/contracts';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `METHOD route` for every handler the express app registers, walking nested routers. */
function registeredRoutes(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${String(layer.route!.path)}`);
    }
    return layer.handle?.stack ? registeredRoutes(layer.handle.stack) : [];
  });
}

describe('the OpenAPI document', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway('pglite');
  });
  afterAll(() => gateway.close());

  it('has one operation for every route of the gateway, and a route for every operation', () => {
    const routes = new Set(registeredRoutes((gateway.app as unknown as { router: { stack: Layer[] } }).router.stack));
    const documented = new Set(OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${routeOf(operation)}`));
    const undocumented = [...routes].filter((route) => !documented.has(route) && UNDOCUMENTED_ROUTES[route.split(' ')[1]!] === undefined);
    // A new route needs an entry in libs/contracts/src/openapi/operations-<area>.ts.
    expect(undocumented).toEqual([]);
    expect([...documented].filter((operation) => !routes.has(operation))).toEqual([]);
    const ids = OPERATIONS.map((operation) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(buildOpenApiDocument({ serverUrl: gateway.baseUrl }));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a summary, a success answer, its problems with their slugs, auth and limit headers', () => {
    const document = buildOpenApiDocument() as any;
    const render = document.paths['/image'].post;
    expect(render.summary).toMatch(/Render an image/);
    expect(render.security).toEqual([{ apiKey: [] }]);
    expect(render.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/RenderImageBody');
    expect(render.requestBody.content['application/json'].example).toHaveProperty('html');
    expect(render.responses['200'].headers).toHaveProperty('X-RateLimit-Remaining');
    expect(render.responses['202'].headers).toHaveProperty('Location');
    expect(render.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(render.responses['429']['x-problem-slugs']).toEqual(expect.arrayContaining(['rate-limit', 'quota-exceeded']));
    expect(render.responses['429'].headers).toHaveProperty('Retry-After');
    expect(render.responses['400']['x-problem-slugs']).toEqual(expect.arrayContaining(['validation-error', 'blocked-url']));
    // A timeline with captions from speech also spends AI credits (docs/video.md "Captions").
    expect(document.paths['/video/templates/{uid}/render'].post.responses['402']['x-problem-slugs']).toEqual([
      'quota-exceeded',
      'ai-quota-exceeded',
    ]);
    expect(document.paths['/account/keys'].get.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(document.paths['/health'].get.security).toEqual([]);
    for (const operation of OPERATIONS) {
      const object = document.paths[operation.path][operation.method];
      expect(object.summary.length).toBeGreaterThan(5);
      expect(Object.keys(object.responses).some((status) => Number(status) < 400)).toBe(true);
      for (const [, status] of problemsOf(operation)) expect(object.responses[String(status)]).toBeDefined();
      if (operation.query) expect(object.parameters.filter((p: { in: string }) => p.in === 'query').length).toBeGreaterThan(0);
    }
  });

  it('shows a request example for every operation that takes a body, and the server would accept each', () => {
    const refused = OPERATIONS.filter(
      (operation) => operation.example !== undefined && !operation.body!.safeParse(operation.example).success,
    );
    expect(
      refused.map((operation) => `${operation.operationId}: ${JSON.stringify(operation.body!.safeParse(operation.example).error?.issues)}`),
    ).toEqual([]);
    const without = OPERATIONS.filter((operation) => operation.body !== undefined && operation.example === undefined);
    expect(without.map((operation) => operation.operationId)).toEqual([]);
  });

  it('is served, public, at /openapi.json and /openapi.yaml', async () => {
    const jsonAnswer = await fetch(`${gateway.baseUrl}/openapi.json`);
    expect(jsonAnswer.status).toBe(200);
    expect(jsonAnswer.headers.get('content-type')).toMatch(/^application\/json/);
    const served = await jsonAnswer.json();
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths)).toContain('/templates/{uid}/batch-render');
    const yamlAnswer = await fetch(`${gateway.baseUrl}/openapi.yaml`);
    expect(yamlAnswer.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(parse(await yamlAnswer.text())).toEqual(served);
  });

  it('serves the reference page at /docs with same-origin assets only', async () => {
    const page = await fetch(`${gateway.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/docs\/assets\//);
      const answer = await fetch(`${gateway.baseUrl}${asset}`);
      expect(answer.status).toBe(200);
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(10);
    }
    const missing = await fetch(`${gateway.baseUrl}/docs/assets/package.json`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
