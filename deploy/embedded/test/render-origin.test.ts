import { signRenderUrl } from '@pressroom/url-signing';
import { startTestStack, type TestStack } from './harness.js';

const PAGE = '<html><body style="margin:0;background:{{color}}"></body></html>';

interface Detail {
  render: { parameters: Record<string, unknown> };
}

/** Where a render came from, as GET /renders/{id} tells it (the dashboard's render page shows it). */
describe('the origin of a render in GET /renders/{id}', () => {
  let stack: TestStack;
  let key: string;
  let uid: string;
  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    const res = await stack.api('/templates', { method: 'POST', key, json: { name: 'origin', html: PAGE, width: 20, height: 10 } });
    expect(res.status).toBe(200);
    uid = ((await res.json()) as { template: { uid: string } }).template.uid;
  });
  afterAll(() => stack?.dispose());

  const parametersOf = async (id: string) => {
    const res = await stack.api(`/renders/${id}`, { key });
    expect(res.status).toBe(200);
    return ((await res.json()) as Detail).render.parameters;
  };
  const sourceInImageList = async (id: string) => {
    const res = await stack.api(`/image/${id}`, { key });
    expect(res.status).toBe(200);
    return ((await res.json()) as { image: { source: string } }).image.source;
  };
  /** A GET /r/ render's id (its response header). */
  const urlRender = async (pathAndQuery: string) => {
    const res = await fetch(`${stack.baseUrl}${pathAndQuery}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-pressroom-error')).toBeNull();
    return res.headers.get('x-pressroom-render-id')!;
  };

  it('says a /r/ URL render with a key came from a URL render (via), still a template render for the contract', async () => {
    const id = await urlRender(`/r/${uid}.png?token=${key}&color=%23ff0000`);
    expect(await parametersOf(id)).toMatchObject({ origin: 'template', via: 'url-render', templateUid: uid });
    expect(await sourceInImageList(id)).toBe('template');
  });

  it('says a signed /r/ URL render came from a signed URL', async () => {
    const res = await stack.api('/account/url-signing-secret', { method: 'POST', key, json: {} });
    expect(res.status).toBe(201);
    const secret = (await res.json()) as { id: string; secret: string };
    const id = await urlRender(signRenderUrl(`/r/${uid}.png?color=%2300ff00`, { secretId: secret.id, secret: secret.secret }));
    expect(await parametersOf(id)).toMatchObject({ origin: 'template', via: 'signed-url' });
    expect(await sourceInImageList(id)).toBe('template');
  });

  it('keeps the plain origins of API renders, with no via', async () => {
    const template = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables: { color: '#0000ff' } } });
    expect(template.status).toBe(200);
    const templateId = ((await template.json()) as { id: string }).id;
    const html = await stack.api('/image', { method: 'POST', key, json: { html: '<p>x</p>', width: 20, height: 10 } });
    expect(html.status).toBe(200);
    const htmlId = ((await html.json()) as { id: string }).id;
    const [fromTemplate, fromHtml] = [await parametersOf(templateId), await parametersOf(htmlId)];
    expect(fromTemplate).toMatchObject({ origin: 'template', templateUid: uid });
    expect(fromHtml).toMatchObject({ origin: 'html', templateUid: null });
    expect(fromTemplate.via).toBeUndefined();
    expect(fromHtml.via).toBeUndefined();
  });
});
