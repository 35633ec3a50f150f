import { FLAVOURS, problemOf, startTestStack, type TestStack } from './harness.js';

describe.each(FLAVOURS.slice(0, 1))('retired /workflow endpoints (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour, { withImageService: false });
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  it.each([
    ['GET', '/workflow'],
    ['POST', '/workflow'],
    ['GET', '/workflow/abc123'],
    ['DELETE', '/workflow/abc123/runs'],
    ['PUT', '/workflows'],
    ['POST', '/workflows/x'],
  ])('%s %s answers 410 endpoint-retired without auth', async (method, path) => {
    const res = await stack.api(path, { method });
    expect(res.status).toBe(410);
    const body = await problemOf(res);
    expect(body.type).toMatch(/\/errors\/endpoint-retired$/);
    expect(body.status).toBe(410);
    expect(body.detail).toContain('POST /templates/{uid}/batch-render');
    expect(body.documentation).toBe('/errors/endpoint-retired');
    expect(await (await stack.api(body.documentation)).text()).toContain('batch-render');
    expect(res.headers.get('link')).toMatch(/rel="help"/);
  });

  it('answers 410 with a valid key too, and does not swallow neighbouring routes', async () => {
    const res = await stack.api('/workflow', { method: 'POST', key, json: { a: 1 } });
    expect(res.status).toBe(410);
    const other = await stack.api('/workflowx', { key });
    expect(other.status).toBe(404);
  });
});
