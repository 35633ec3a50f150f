import { decode, near, problemOf, startTestStack, type TestStack } from './harness.js';

// POST /image/og-image: a template rendered with the card fields as variables.
describe('POST /image/og-image (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let uid: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    const html = `<body style="margin:0;background:{{ description == 'blue' ? '#0000ff' : '#ff0000' }}"><h1 id="h">{{heading}}</h1><img _if="logo" src="{{logo}}"></body>`;
    const res = await stack.api('/templates', { method: 'POST', key, json: { name: 'og', html, width: 300, height: 160 } });
    uid = ((await res.json()) as { template: { uid: string } }).template.uid;
  });
  afterAll(() => stack?.dispose());

  it('renders the template at its size with heading and description as variables', async () => {
    const res = await stack.api('/image/og-image', {
      method: 'POST',
      key,
      json: { template: uid, heading: 'Hello', description: 'blue', fileExtension: 'jpg' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; id: string; createdAt: string };
    expect(body.id).toBeTruthy();
    const image = await decode(body.url);
    expect([image.format, image.width, image.height]).toEqual(['jpeg', 300, 160]);
    expect(near(image.pixel(290, 150), [0, 0, 255], 20)).toBe(true);
    // The render is an ordinary image of the caller.
    expect((await stack.api(`/image/${body.id}`, { key })).status).toBe(200);
  });

  it('answers clear problems for a missing template, a foreign one and a bad logo', async () => {
    const missing = await problemOf(await stack.api('/image/og-image', { method: 'POST', key, json: { heading: 'x' } }));
    expect(missing.status).toBe(400);
    expect(missing.errors.map((e: { field: string }) => e.field)).toEqual(['template']);
    const logo = await problemOf(
      await stack.api('/image/og-image', { method: 'POST', key, json: { template: uid, logo: 'javascript:alert(1)' } }),
    );
    expect(logo.status).toBe(400);
    expect(logo.errors[0].field).toBe('logo');
    const other = await stack.newAccount();
    expect((await stack.api('/image/og-image', { method: 'POST', key: other.key, json: { template: uid } })).status).toBe(404);
  });
});
