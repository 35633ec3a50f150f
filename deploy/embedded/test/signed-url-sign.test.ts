import { URL_RENDER_PARAMS } from '@pressroom/contracts';
import { pixel } from '@pressroom/testing/media';
import { EXPIRES_PARAM, SECRET_ID_PARAM, SIGNATURE_PARAM } from '@pressroom/url-signing';
import { FLAVOURS, problemOf, startTestStack, type TestStack } from './harness.js';

const PAGE = '<html><body style="margin:0;background:{{color}}"><p style="font-size:4px">{{text}}</p></body></html>';
/** Where the instance believes it is served: behind a proxy that strips `/pressroom` before the gateway. */
const PUBLIC = 'https://img.example.test/pressroom';

describe.each(FLAVOURS)('POST /account/url-signing-secret/sign (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let uid: string;
  let otherUid: string;

  const sign = (json: unknown, apiKey = key) => stack.api('/account/url-signing-secret/sign', { method: 'POST', key: apiKey, json });
  /** The signed link as the proxy hands it to the gateway: the public address and its base path swapped for the stack's. */
  const open = (url: string) => stack.api(url.slice(PUBLIC.length));
  async function template(apiKey: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await stack.api('/templates', {
      method: 'POST',
      key: apiKey,
      json: { name: 'signed', html: PAGE, width: 20, height: 10, ...extra },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }

  beforeAll(async () => {
    stack = await startTestStack(flavour, { publicBaseUrl: PUBLIC });
    ({ key } = await stack.newAccount());
    uid = await template(key);
    otherUid = await template((await stack.newAccount()).key);
  });
  afterAll(() => stack?.dispose());

  it('names the URL parameters the signing scheme owns among the render URL’s own', () => {
    expect(URL_RENDER_PARAMS).toEqual(expect.arrayContaining([SIGNATURE_PARAM, SECRET_ID_PARAM, EXPIRES_PARAM, 'token']));
  });

  it('answers 404 while the account has no secret', async () => {
    const res = await sign({ templateUid: uid, format: 'png' });
    expect(res.status).toBe(404);
    expect((await problemOf(res)).detail).toMatch(/no URL-signing secret/);
  });

  it('signs a link on the public address that renders, and a tampered one answers 403', async () => {
    const made = (await (await stack.api('/account/url-signing-secret', { method: 'POST', key, json: {} })).json()) as { id: string };
    const before = Date.now();
    const res = await sign({ templateUid: uid, format: 'png', variables: { color: '#ff0000', text: 'a b & c' }, expiresInSeconds: 3600 });
    expect(res.status).toBe(200);
    const { url, expiresAt } = (await res.json()) as { url: string; expiresAt: string };
    expect(url.startsWith(`${PUBLIC}/r/${uid}.png?`)).toBe(true);
    const query = new URL(url).searchParams;
    expect(query.get('sid')).toBe(made.id);
    expect(query.get('color')).toBe('#ff0000');
    expect(query.get('token')).toBeNull();
    expect(Number(query.get('exp')) * 1000).toBe(Date.parse(expiresAt));
    expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_600_000);

    const image = await open(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-pressroom-error')).toBeNull();
    expect(await pixel(Buffer.from(await image.arrayBuffer()), 10, 5)).toEqual([255, 0, 0]);

    const tampered = await open(url.replace('%23ff0000', '%230000ff'));
    expect(tampered.status).toBe(403);
    expect(tampered.headers.get('x-pressroom-error')).toBe('invalid-signature');
    expect((await problemOf(tampered)).type).toMatch(/\/errors\/invalid-signature$/);
  });

  it('signs without an expiry, with the layout and quality, and numbers as text', async () => {
    const res = await stack.api(`/templates/${uid}`, {
      method: 'PUT',
      key,
      json: { name: 'signed', html: PAGE, width: 20, height: 10, layouts: { wide: { width: 40, height: 10 } } },
    });
    expect(res.status).toBe(200);
    const signed = await sign({ templateUid: uid, format: 'jpeg', variables: { color: 'lime', text: 7 }, layout: 'wide', quality: 0.8 });
    expect(signed.status).toBe(200);
    const { url, expiresAt } = (await signed.json()) as { url: string; expiresAt: null };
    expect(expiresAt).toBeNull();
    const query = new URL(url).searchParams;
    expect([query.get('layout'), query.get('quality'), query.get('text'), query.has('exp')]).toEqual(['wide', '0.8', '7', false]);
    const image = await open(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-pressroom-error')).toBeNull();
    const bytes = Buffer.from(await image.arrayBuffer());
    const [r, g, b] = await pixel(bytes, 35, 5);
    expect(r).toBeLessThan(40);
    expect(g).toBeGreaterThan(215);
    expect(b).toBeLessThan(40);
  });

  it('answers 404 for an unknown template, another account’s, and a layout the template lacks', async () => {
    const unknown = await sign({ templateUid: 'tpl_nope', format: 'png' });
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).type).toMatch(/\/errors\/template-not-found$/);
    expect((await sign({ templateUid: otherUid, format: 'png' })).status).toBe(404);
    const layout = await sign({ templateUid: uid, format: 'png', layout: 'square' });
    expect(layout.status).toBe(404);
    expect((await problemOf(layout)).detail).toMatch(/no layout "square"/);
  });

  it('names each refused field, and refuses a variable the render URL would read as its own parameter', async () => {
    const res = await sign({
      templateUid: uid,
      format: 'gif',
      variables: { s: 'x', title: { nested: true } },
      quality: 2,
      expiresInSeconds: 5,
      extra: 1,
    });
    expect(res.status).toBe(400);
    const { errors } = await problemOf(res);
    const fields = (errors as { field: string; message: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['(body)', 'expiresInSeconds', 'format', 'quality', 'variables.s', 'variables.title']);
    expect((errors as { field: string; message: string }[]).find((e) => e.field === 'variables.s')!.message).toMatch(
      /parameter of the render URL/,
    );
  });

  it('refuses values the render would refuse, at the variable', async () => {
    const strict = await template(key, {
      strictVariables: true,
      variableDefinitions: [
        { name: 'color', type: 'color' },
        { name: 'text', type: 'text' },
      ],
    });
    // A strict template without `text`: the URL could only ever answer the transparent pixel.
    const res = await sign({ templateUid: strict, format: 'png', variables: { color: 'red' } });
    expect(res.status).toBe(400);
    const problem = await problemOf(res);
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'variables.text', message: expect.stringMatching(/strictVariables/) }),
    ]);
    expect((await sign({ templateUid: strict, format: 'png', variables: { color: 'red', text: 'hi' } })).status).toBe(200);
  });
});
