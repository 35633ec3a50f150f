import { decode, near, problemOf, startTestStack, type TestStack } from './harness.js';

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const WHITE: [number, number, number] = [255, 255, 255];

// The template language runs in the gateway before anything is queued; the bus
// and database flavour do not change it, so one flavour keeps the suite lean
// (layouts.test.ts covers renders on both).
describe('template language through the HTTP API (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  async function createTemplate(json: Record<string, unknown>): Promise<string> {
    const res = await stack.api('/templates', { method: 'POST', key, json: { name: 't', width: 200, height: 100, ...json } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }

  function render(uid: string, variables: Record<string, unknown>): Promise<Response> {
    return stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables } });
  }

  async function imageOf(res: Response) {
    expect(res.status).toBe(200);
    return decode(((await res.json()) as { url: string }).url);
  }

  it('evaluates expressions, _for and _if into the rendered image', async () => {
    // Bar widths come from arithmetic and a loop; colours from a ternary and function calls.
    const html = `<body style="margin:0;background:{{ dark ? 'rgb(0,0,255)' : 'white' }}">
      <div style="display:flex;height:50px">
        <div _for="bar, i in bars" style="width:{{ bar.w * scale }}px;background:{{ lowercase(bar.c) }}"></div>
      </div>
      <div _if="showFooter && length(bars) > 1" style="height:50px;width:{{ max(pluck(bars, 'w')) * scale }}px;background:{{ default(footer, '#ff0000') }}"></div>
    </body>`;
    const uid = await createTemplate({
      html,
      variableDefinitions: [
        { name: 'scale', type: 'number' },
        { name: 'showFooter', type: 'boolean' },
        { name: 'dark', type: 'boolean', defaultValue: 'false' },
      ],
    });
    const bars = [
      { w: 3, c: '#FF0000' },
      { w: 5, c: '#00FF00' },
    ];
    const shown = await imageOf(await render(uid, { bars, scale: '20', showFooter: 'true' }));
    expect(near(shown.pixel(30, 25), RED)).toBe(true); // first bar: 0–60 px
    expect(near(shown.pixel(100, 25), GREEN)).toBe(true); // second bar: 60–160 px
    expect(near(shown.pixel(180, 25), WHITE)).toBe(true); // past the bars: the (white) body
    expect(near(shown.pixel(90, 75), RED)).toBe(true); // footer: 5 * 20 = 100 px wide, default colour
    expect(near(shown.pixel(150, 75), WHITE)).toBe(true);

    const hidden = await imageOf(await render(uid, { bars, scale: 20, showFooter: false, dark: true }));
    expect(near(hidden.pixel(90, 75), BLUE)).toBe(true); // footer dropped; body is blue
  });

  it('escapes values unless the definition allows raw HTML', async () => {
    const overlay = '<div style="position:fixed;inset:0;background:#00ff00"></div>';
    const escaped = await createTemplate({ html: '<body style="margin:0">{{ content }}</body>' });
    const plain = await imageOf(await render(escaped, { content: overlay }));
    expect(near(plain.pixel(190, 90), WHITE)).toBe(true);
    const raw = await createTemplate({
      html: '<body style="margin:0">{{ content }}</body>',
      variableDefinitions: [{ name: 'content', allowRawHtml: true }],
    });
    const markup = await imageOf(await render(raw, { content: overlay }));
    expect(near(markup.pixel(190, 90), GREEN)).toBe(true);
  });

  it('leaves a missing plain placeholder literally; strictVariables answers 400 listing every missing name', async () => {
    const html = '<body style="margin:0;background:{{ bg }}"><p _if="note">{{ note }}</p>{{ other }}</body>';
    const loose = await createTemplate({ html });
    const image = await imageOf(await render(loose, {}));
    expect(near(image.pixel(100, 50), WHITE)).toBe(true); // `background:{{ bg }}` is not a colour

    const strict = await createTemplate({ html, strictVariables: true });
    const res = await render(strict, { note: 'hi' });
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body.type).toMatch(/\/errors\/validation-error$/);
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['variables.bg', 'variables.other']);
    expect(body.detail).toContain('bg, other');
  });

  it('an undefined variable inside an expression is a 400 expression-error naming the expression and column', async () => {
    const uid = await createTemplate({ html: '<p>{{ price * quantity }}</p>' });
    for (const res of [
      await render(uid, { price: 3 }),
      await stack.api('/image', { method: 'POST', key, json: { template: uid, variables: { price: 3 } } }),
    ]) {
      expect(res.status).toBe(400);
      const body = await problemOf(res);
      expect(body.type).toMatch(/\/errors\/expression-error$/);
      expect(body).toMatchObject({ expression: 'price * quantity', position: 9, status: 400 });
      expect(body.detail).toContain('Undefined variable "quantity"');
      expect(body.detail).toContain('{{ price * quantity }}');
      expect(body.detail).toContain('column 9');
    }
    // A syntax error is refused when the template is saved (docs/templates.md); a preview of the draft meets it at render.
    const syntax = '<p>{{ currency(price, "USD" }}</p>';
    const saved = await stack.api('/templates', { method: 'POST', key, json: { name: 't', html: syntax } });
    expect((await problemOf(saved)).errors).toEqual([
      expect.objectContaining({ field: 'html', message: expect.stringContaining('Line 1') }),
    ]);
    const body = await problemOf(
      await stack.api('/templates/preview', { method: 'POST', key, json: { html: syntax, variables: { price: 1 } } }),
    );
    expect(body).toMatchObject({ status: 400, expression: 'currency(price, "USD"', position: 22 });
  });

  it('validates variables against their definitions with per-variable errors', async () => {
    const uid = await createTemplate({
      html: '<body style="background:{{ bg }}"><img src="{{ logo }}">{{ n }} {{ title }}</body>',
      variableDefinitions: [
        { name: 'bg', type: 'color' },
        { name: 'logo', type: 'image' },
        { name: 'n', type: 'number' },
        { name: 'title', validation: { required: true, maxLength: 5 } },
      ],
    });
    const res = await render(uid, { bg: 'not-a-colour', logo: 'file:///etc/passwd', n: 'three' });
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body.type).toMatch(/\/errors\/validation-error$/);
    expect(body.errors).toEqual([
      { field: 'variables.bg', message: expect.stringMatching(/CSS colour/), code: 'invalid_value' },
      { field: 'variables.logo', message: expect.stringMatching(/file:/), code: 'invalid_value' },
      { field: 'variables.n', message: 'Must be a number; got "three".', code: 'invalid_value' },
      { field: 'variables.title', message: 'Required.', code: 'invalid_value' },
    ]);
    const tooLong = await problemOf(
      await render(uid, { bg: '#00ff00', logo: 'data:image/png;base64,iVBORw0KGgo=', n: '3', title: 'far too long' }),
    );
    expect(tooLong.errors).toEqual([
      { field: 'variables.title', message: 'Must be at most 5 characters long; got 12.', code: 'invalid_value' },
    ]);
    const ok = await render(uid, { bg: '#00ff00', logo: 'data:image/png;base64,iVBORw0KGgo=', n: '3', title: 'ok' });
    expect(near((await imageOf(ok)).pixel(190, 90), GREEN)).toBe(true);
  });

  it('GET /templates/{uid}/variables lists definitions and the names the template uses', async () => {
    const uid = await createTemplate({
      html: '<h1 _if="showTitle">{{ uppercase(title) }}</h1><li _for="item in items">{{ item.name }}</li>{{ currency(total, currencyCode) }}',
      variableDefinitions: [{ name: 'title', type: 'text', defaultValue: 'Hi' }],
      layouts: { square: { width: 100, height: 100, html: '<p>{{ title }} {{ squareOnly }}</p>' } },
    });
    const res = await stack.api(`/templates/${uid}/variables`, { key });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      templateUid: uid,
      templateName: 't',
      variables: [{ name: 'title', type: 'text', defaultValue: 'Hi', allowRawHtml: false }],
      detected: ['showTitle', 'title', 'items', 'total', 'currencyCode', 'squareOnly'],
      layouts: ['default', 'square'],
    });
    expect((await stack.api('/templates/tpl_nope/variables', { key })).status).toBe(404);
  });

  it('POST /templates/expression/test evaluates an expression against variables', async () => {
    const test = (json: unknown) => stack.api('/templates/expression/test', { method: 'POST', key, json });
    const cases: Array<[string, Record<string, unknown>, unknown, string]> = [
      ["currency(price * qty, 'USD')", { price: 19.99, qty: 3 }, '$59.97', 'string'],
      ['order.items[0].name', { order: { items: [{ name: 'Pen' }] } }, 'Pen', 'string'],
      ['{{ n > 2 ? "many" : "few" }}', { n: 3 }, 'many', 'string'],
      ['split(tags, ",")', { tags: 'a,b' }, ['a', 'b'], 'array'],
      ['round(2.345, 2)', {}, 2.35, 'number'],
      ['isDefined(nothing)', {}, false, 'boolean'],
      ['null', {}, null, 'null'],
      ['parseJson(\'{"a": 1}\')', {}, { a: 1 }, 'object'],
      ['0 / 0', {}, null, 'number'],
    ];
    for (const [expression, variables, result, type] of cases) {
      const res = await test({ expression, variables });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ result, type });
    }
    const undefinedVar = await test({ expression: 'a + b', variables: { a: 1 } });
    expect(undefinedVar.status).toBe(400);
    expect(await problemOf(undefinedVar)).toMatchObject({
      expression: 'a + b',
      position: 5,
      detail: expect.stringContaining('Undefined variable "b"'),
    });
  });

  it('POST /templates/expression/test answers hostile input with a clear 4xx, never a 500 or a hang', async () => {
    const hostile = [
      '('.repeat(10_000) + '1' + ')'.repeat(10_000),
      '!'.repeat(9_999) + 'a',
      '1+'.repeat(4_999) + '1',
      '__proto__',
      'constructor.constructor("return process")()',
      'o.__proto__',
      "'unterminated",
      'x'.repeat(1_000_000),
      '\u0001\uffff',
      "repeat('ab', 1000000)",
      'range(0, 1e12)',
      '',
    ];
    for (const expression of hostile) {
      const started = Date.now();
      const res = await stack.api('/templates/expression/test', { method: 'POST', key, json: { expression, variables: { o: {} } } });
      // Refused quickly, not evaluated to the end (a loop over 1e12 or a megabyte repeated a million times would take
      // minutes or exhaust memory); the bound leaves room for a loaded machine's stall.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(res.status).toBe(400);
      const body = await problemOf(res);
      expect(body.type).toMatch(/\/errors\/expression-error$/);
      expect(body.position).toBeGreaterThanOrEqual(1);
      expect(body.detail.length).toBeLessThan(1_000);
    }
    // NUL is refused at the door, before the expression is parsed (docs/input-rules.md).
    const nul = await stack.api('/templates/expression/test', { method: 'POST', key, json: { expression: '\u0000\u0001' } });
    expect(nul.status).toBe(400);
    expect((await problemOf(nul)).errors).toEqual([expect.objectContaining({ field: 'expression' })]);
    const notText = await stack.api('/templates/expression/test', { method: 'POST', key, json: { expression: 42 } });
    expect(notText.status).toBe(400);
    expect((await problemOf(notText)).errors).toEqual([expect.objectContaining({ field: 'expression' })]);
    expect((await stack.api('/templates/expression/test', { key })).status).toBe(405);
  });

  it('GET /templates/expression/functions lists every function with signature and example', async () => {
    const res = await stack.api('/templates/expression/functions', { key });
    expect(res.status).toBe(200);
    const { functions } = (await res.json()) as { functions: Array<Record<string, unknown>> };
    expect(functions.length).toBeGreaterThanOrEqual(45);
    expect(functions).toContainEqual({
      name: 'currency',
      category: 'format',
      signature: "currency(number, code = 'USD', locale = 'en-US')",
      description: expect.any(String),
      example: "currency(1234.5, 'USD')",
      result: '$1,234.50',
    });
    expect((await stack.api('/templates/expression/functions')).status).toBe(401);
  });
});
