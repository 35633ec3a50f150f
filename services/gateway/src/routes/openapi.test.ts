import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { OPERATIONS, UNDOCUMENTED_ROUTES, buildOpenApiDocument, problemsOf, routeOf } from '@pressroom/contracts';
import { Browser, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

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
    // No renderer runs here: a render answers 202 (queued) once this short wait is over.
    gateway = await startTestGateway('pglite', { settings: { renderWaitMs: 300 } });
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

  it("answers as it documents: each real answer matches its operation's schema for its status", async () => {
    const user = new Browser(gateway.baseUrl);
    const checked: string[] = [];
    /** Calls the operation and returns its body once it matched the documented schema of the status it answered. */
    const answer = async (operationId: string, path: string, json?: unknown): Promise<any> => {
      const operation = OPERATIONS.find((candidate) => candidate.operationId === operationId)!;
      const res = await user.request(operation.method.toUpperCase(), path, json === undefined ? {} : { json });
      const body = await res.json();
      const schema = operation.responses[res.status]?.schema;
      expect([operationId, res.status, schema !== undefined]).toEqual([operationId, expect.any(Number), true]);
      const parsed = schema!.safeParse(body);
      expect([operationId, parsed.error?.issues ?? []]).toEqual([operationId, []]);
      checked.push(operationId);
      return body;
    };

    await answer('signUp', '/auth/sign-up', { email: 'contract@example.com', password: 'contract password' });
    await answer('signIn', '/auth/sign-in', { email: 'contract@example.com', password: 'contract password' });
    await answer('getSession', '/auth/session');
    await answer('updateProfile', '/auth/profile', { name: 'Ada' });
    const team = await answer('createTeam', '/teams', { name: 'Contract team' });
    await answer('listTeams', '/teams');
    await answer('listTeamMembers', `/teams/${team.id}/members`);
    const invite = await answer('inviteTeamMember', `/teams/${team.id}/invites`, { role: 'member' });
    await answer('getInvite', `/invites/${invite.token}`);
    await answer('switchWorkspace', '/auth/workspace', { workspaceId: team.id });
    await answer('listInstanceWorkspaces', '/instance/workspaces');
    await answer('changeWorkspacePlan', `/instance/workspaces/${team.id}/plan`, { plan: 'enterprise', renderCredits: 250000 });

    const { template } = await answer('createTemplate', '/templates', {
      name: 'Card',
      html: '<h1>{{title}}</h1><p>{{ uppercase(author) }}</p>',
      variableDefinitions: [{ name: 'title', type: 'string', required: true }],
      width: 320,
      height: 200,
    });
    const variables = await answer('getTemplateVariables', `/templates/${template.uid}/variables`);
    expect(variables.variables).toEqual([{ name: 'title', type: 'text', allowRawHtml: false, validation: { required: true } }]);
    expect(variables.detected).toEqual(expect.arrayContaining(['title', 'author']));
    await answer('listExpressionFunctions', '/templates/expression/functions');
    await answer('listStarterTemplates', '/templates/starters');
    await answer('listPdfPresets', '/pdf/presets');
    await answer('listAssets', '/assets');

    const queued = await answer('renderImage', '/image', { template: template.uid, variables: { title: 'Hi', author: 'ada' } });
    expect(queued.status).toBe('queued');
    const history = await answer('listRenders', '/renders');
    expect(history.items.map((item: { id: string }) => item.id)).toEqual([queued.id]);
    const { render } = await answer('getRender', `/renders/${queued.id}`);
    expect(render).toMatchObject({ kind: 'image', status: 'queued', parameters: { origin: 'template' }, problem: null });

    const batch = await answer('startBatch', `/templates/${template.uid}/batch-render`, { variableSets: [{ title: 'A' }, { title: 'B' }] });
    const recent = await answer('listRecentBatches', '/batches');
    expect(recent.batches[0]).toMatchObject({ batchId: batch.batchId, status: 'pending', totalItems: 2 });
    await answer('getBatch', `/templates/batch/${batch.batchId}/results`);
    await answer('cancelBatch', `/templates/batch/${batch.batchId}/cancel`);

    const usage = await answer('getUsage', '/usage?days=3');
    expect(usage.perDay).toHaveLength(3);
    const plan = await answer('getUserPlan', '/user/plan-details');
    expect(plan).toMatchObject({ plan: 'enterprise', team: true, renders: { limit: 250000 } });
    await answer('getPlan', '/plan-details');
    await answer('getCaller', '/api/users');
    await answer('getHealth', '/health');
    await answer('getOpenApiJson', '/openapi.json');
    expect(checked).toHaveLength(31);
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
