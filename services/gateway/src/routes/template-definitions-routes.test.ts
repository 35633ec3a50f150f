import { createAccount, createApiKey } from '@pressroom/db';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

function call(gw: TestGateway, key: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${gw.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

interface Problem {
  type: string;
  detail: string;
  errors: Array<{ field: string; message: string }>;
}

describe('PUT /templates/{uid} with unusable variable definitions', () => {
  let gw: TestGateway;
  let key: string;

  beforeAll(async () => {
    gw = await startTestGateway('pglite');
    const account = await createAccount(gw.db, { name: `definitions-${Date.now()}` });
    key = (await createApiKey(gw.db, { accountId: account.id })).key;
  }, 120_000);
  afterAll(async () => {
    await gw.close();
  }, 120_000);

  it('answers 400 naming each definition field to fix, and leaves the template as it was', async () => {
    const definitions = [
      { name: 'bg', type: 'color', defaultValue: '#1a73e8' },
      { name: 'price', type: 'number', defaultValue: '19.99' },
      { name: 'sale', type: 'boolean', defaultValue: 'true' },
    ];
    const created = await call(gw, key, 'POST', '/templates', {
      name: 'Definitions',
      html: '<p style="color: {{bg}}">{{price}} {{sale}}</p>',
      variableDefinitions: definitions,
    });
    expect(created.status).toBe(200);
    const { uid } = ((await created.json()) as { template: { uid: string } }).template;
    const before = ((await (await call(gw, key, 'GET', `/templates/${uid}`)).json()) as { template: unknown }).template;

    const res = await call(gw, key, 'PUT', `/templates/${uid}`, {
      name: 'Renamed',
      variableDefinitions: [
        { name: 'bg', type: 'color', defaultValue: 'notacolor' },
        { name: 'title', validation: { minLength: 30, maxLength: 10 } },
        { name: 'bad name!' },
        { name: 'bg' },
        { name: 'price', type: 'number', defaultValue: 'abc' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = (await res.json()) as Problem;
    expect(Object.fromEntries(problem.errors.map((e) => [e.field, e.message]))).toEqual({
      'variableDefinitions.0.defaultValue': expect.stringMatching(/^The default value is invalid: Must be a CSS colour .*got "notacolor"/),
      'variableDefinitions.1.validation.maxLength': '`maxLength` must be at least `minLength` (30).',
      'variableDefinitions.2.name': expect.stringMatching(/^`bad name!` is not a variable name/),
      'variableDefinitions.3.name': 'Another definition is already named `bg` (definition 1); each variable is defined once.',
      'variableDefinitions.4.defaultValue': expect.stringMatching(/^The default value is invalid: Must be a number; got "abc"/),
    });

    const after = ((await (await call(gw, key, 'GET', `/templates/${uid}`)).json()) as { template: unknown }).template;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ name: 'Definitions', variableDefinitions: definitions });
  });

  it('saves a top-level `required` as `validation.required` (POST and PUT), and refuses the two disagreeing', async () => {
    const created = await call(gw, key, 'POST', '/templates', {
      name: 'Required',
      html: '<p>{{title}} {{subtitle}}</p>',
      variableDefinitions: [{ name: 'title', type: 'text', required: true }, { name: 'subtitle' }],
    });
    expect(created.status).toBe(200);
    const { uid, variableDefinitions } = ((await created.json()) as { template: { uid: string; variableDefinitions: unknown[] } }).template;
    expect(variableDefinitions).toEqual([
      { name: 'title', type: 'text', allowRawHtml: false, validation: { required: true } },
      { name: 'subtitle', type: 'text', allowRawHtml: false },
    ]);

    const put = await call(gw, key, 'PUT', `/templates/${uid}`, {
      variableDefinitions: [{ name: 'title', required: false, validation: { maxLength: 80 } }],
    });
    expect(put.status).toBe(200);
    const read = ((await (await call(gw, key, 'GET', `/templates/${uid}`)).json()) as { template: { variableDefinitions: unknown[] } })
      .template;
    expect(read.variableDefinitions).toEqual([
      { name: 'title', type: 'text', allowRawHtml: false, validation: { maxLength: 80, required: false } },
    ]);

    const conflict = await call(gw, key, 'PUT', `/templates/${uid}`, {
      variableDefinitions: [{ name: 'title', required: true, validation: { required: false } }],
    });
    expect(conflict.status).toBe(400);
    expect(((await conflict.json()) as Problem).errors).toEqual([
      {
        field: 'variableDefinitions.0.required',
        message: '`required` (true) and `validation.required` (false) disagree; give one of them.',
        code: 'custom',
      },
    ]);
  });

  it('gives a template created without definitions one text definition per variable it reads; an empty list stays empty', async () => {
    const html = '<p _if="showBadge">Hi {{ firstName }}, {{ currency(price * qty, "EUR") }}</p><li _for="item in items">{{ item }}</li>';
    const created = await call(gw, key, 'POST', '/templates', { name: 'Found', html, layouts: { square: { html: '{{ extra }}' } } });
    expect(created.status).toBe(200);
    const found = ((await created.json()) as { template: { uid: string; variableDefinitions: Array<{ name: string; type: string }> } })
      .template;
    expect(found.variableDefinitions.map((d) => [d.name, d.type])).toEqual([
      ['showBadge', 'text'],
      ['firstName', 'text'],
      ['price', 'text'],
      ['qty', 'text'],
      ['items', 'text'],
      ['extra', 'text'],
    ]);
    // `text` takes any value: numbers and lists are accepted as they would be without definitions (this gateway has
    // no renderer, so the render is queued: 202).
    const render = await call(gw, key, 'POST', `/templates/${found.uid}/render`, {
      variables: { showBadge: true, firstName: 'Ada', price: 2, qty: 3, items: ['a', 'b'], extra: 1 },
    });
    expect(render.status).toBe(202);

    const none = await call(gw, key, 'POST', '/templates', { name: 'None', html, variableDefinitions: [] });
    expect(((await none.json()) as { template: { variableDefinitions: unknown[] } }).template.variableDefinitions).toEqual([]);
  });
});
