import sharp from 'sharp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { QUADRANTS, near, startPageServer, startTestStack, type TestStack } from './harness.js';

async function connectTo(stack: TestStack, withKey: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${stack.baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${withKey}` } },
  });
  const c = new Client({ name: 'pressroom-test', version: '1.0.0' });
  await c.connect(transport);
  return c;
}

function jsonOf(result: CallToolResult): Record<string, any> {
  const text = result.content.find((c) => c.type === 'text');
  if (!text || text.type !== 'text') throw new Error('no text content');
  return JSON.parse(text.text) as Record<string, any>;
}

/** The built-in MCP server (POST /mcp), driven by the SDK's own client as an agent would. */
describe('the MCP server at POST /mcp', () => {
  let stack: TestStack;
  let key: string;
  let client: Client;

  const connect = (withKey: string) => connectTo(stack, withKey);

  async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    client = await connect(key);
  });
  afterAll(async () => {
    await client?.close();
    await stack.dispose();
  });

  it('lists its tools with input schemas from the contracts', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'batch_status',
      'get_gif',
      'get_image',
      'get_pdf',
      'get_template',
      'list_templates',
      'pictify_get_gif',
      'pictify_get_image',
      'render_gif',
      'render_image',
      'render_pdf',
      'start_batch',
    ]);
    const image = tools.find((t) => t.name === 'render_image')!;
    expect(Object.keys(image.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['html', 'url', 'template', 'width']));
    expect(tools.find((t) => t.name === 'get_gif')!.inputSchema).toMatchObject({ type: 'object', required: ['id'] });
    // The hosted service's MCP server names these tools and their argument so.
    expect(tools.find((t) => t.name === 'pictify_get_image')!.inputSchema).toMatchObject({ type: 'object', required: ['imageId'] });
    expect(tools.find((t) => t.name === 'pictify_get_gif')!.inputSchema).toMatchObject({ type: 'object', required: ['gifId'] });
  });

  it('advertises tools without listChanged: the list never changes and no such notification is sent', () => {
    expect(client.getServerCapabilities()?.tools).toEqual({});
  });

  it('renders an image: the file URL and the PNG itself as image content', async () => {
    const result = await call('render_image', { html: QUADRANTS, width: 400, height: 300 });
    expect(result.isError).toBeFalsy();
    const body = jsonOf(result);
    expect(body.id).toMatch(/^img_/);
    expect(body.url).toMatch(/\/files\/renders\/img_[a-z0-9]+\.png$/);
    const image = result.content.find((c) => c.type === 'image');
    if (!image || image.type !== 'image') throw new Error('no image content');
    expect(image.mimeType).toBe('image/png');
    const { data, info } = await sharp(Buffer.from(image.data, 'base64')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 300]);
    const pixel = (x: number, y: number): [number, number, number] => {
      const i = (y * info.width + x) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    expect(near(pixel(10, 10), [255, 0, 0])).toBe(true);
    expect(near(pixel(390, 10), [0, 255, 0])).toBe(true);
    expect(near(pixel(10, 290), [0, 0, 255])).toBe(true);
    // The same file is served at the URL.
    const served = await fetch(body.url as string);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(image.data, 'base64'))).toBe(true);

    // Fetched again by id (GET /image/{id}'s body), under our name and the hosted service's, with the image.
    for (const [tool, args] of [
      ['get_image', { id: body.id }],
      ['pictify_get_image', { imageId: body.id }],
    ] as const) {
      const again = await call(tool, args);
      expect(again.isError).toBeFalsy();
      expect(jsonOf(again).image).toMatchObject({ id: body.id, status: 'done', url: body.url, width: 400, height: 300, error: null });
      const content = again.content.find((c) => c.type === 'image');
      expect(content?.type === 'image' && content.data).toBe(image.data);
    }
    // An image's id is no GIF.
    const wrongKind = await call('get_gif', { id: body.id });
    expect(wrongKind.isError).toBe(true);
    expect(jsonOf(wrongKind)).toMatchObject({ status: 404, detail: `No GIF with id "${body.id}" exists for this account.` });
  });

  it('prints a PDF and answers its URL', async () => {
    const result = await call('render_pdf', { html: '<h1>Hello from MCP</h1>', preset: 'A4' });
    expect(result.isError).toBeFalsy();
    const body = jsonOf(result);
    const file = await fetch(body.url as string);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('lists templates and shows one with its variables, then batches it and follows the batch', async () => {
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'mcp card',
        html: '<body style="margin:0;background:{{colour}}"></body>',
        width: 120,
        height: 80,
        variableDefinitions: [{ name: 'colour', type: 'text', defaultValue: '#ff0000' }],
      },
    });
    expect(created.status).toBe(200);
    const uid = ((await created.json()) as { template: { uid: string } }).template.uid;

    const list = jsonOf(await call('list_templates', {}));
    expect(list.templates.map((t: { uid: string }) => t.uid)).toContain(uid);
    expect(list.templates.find((t: { uid: string }) => t.uid === uid).variables).toEqual(['colour']);

    const one = jsonOf(await call('get_template', { uid }));
    expect(one.template.name).toBe('mcp card');
    expect(one.variables[0].name).toBe('colour');

    const started = jsonOf(await call('start_batch', { template: uid, variableSets: [{ colour: '#00ff00' }, { colour: '#0000ff' }] }));
    expect(started.batchId).toMatch(/^bat_/);
    expect(started.totalItems).toBe(2);
    let status: Record<string, any> = {};
    for (let i = 0; i < 600; i++) {
      status = jsonOf(await call('batch_status', { batchId: started.batchId }));
      if (['completed', 'failed', 'cancelled'].includes(status.status as string)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status.status).toBe('completed');
    expect(status.completedItems).toBe(2);
    const urls = (status.results as Array<{ index: number; url: string }>).sort((a, b) => a.index - b.index).map((r) => r.url);
    const { data } = await sharp(Buffer.from(await (await fetch(urls[1]!)).arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(near([data[0]!, data[1]!, data[2]!], [0, 0, 255])).toBe(true);
  });

  it('answers bad arguments and domain problems as tool errors carrying the problem+json', async () => {
    const invalid = await call('render_image', { html: '<p>x</p>', url: 'https://example.com/' });
    expect(invalid.isError).toBe(true);
    const problem400 = jsonOf(invalid);
    expect(problem400).toMatchObject({
      type: expect.stringMatching(/\/errors\/validation-error$/),
      title: 'Validation Error',
      status: 400,
      detail: expect.stringMatching(/^The arguments of render_image are invalid: .*exactly one of/),
      instance: '/mcp#render_image',
    });
    expect(problem400.errors).toEqual([
      expect.objectContaining({ field: expect.any(String), message: expect.stringMatching(/exactly one of/) }),
    ]);
    // The same body as structured content, for clients that read that.
    expect(invalid.structuredContent).toEqual(problem400);

    // Each bad field is named, as the API names it: a wrong type, a bound, a near-miss of a known field.
    const fields = jsonOf(await call('render_gif', { html: '<p>x</p>', width: 'wide', quality: 'best', widht: 10 }));
    expect(fields.status).toBe(400);
    expect(fields.errors.map((e: { field: string }) => e.field).sort()).toEqual(['quality', 'widht', 'width']);
    expect(fields.errors.find((e: { field: string }) => e.field === 'widht').message).toMatch(/`width`/);
    const noId = jsonOf(await call('get_gif', {}));
    expect(noId).toMatchObject({ status: 400, errors: [expect.objectContaining({ field: 'id', code: 'invalid_type' })] });

    const missing = await call('get_template', { uid: 'tpl_doesnotexist' });
    expect(missing.isError).toBe(true);
    const problem = jsonOf(missing);
    expect(problem.status).toBe(404);
    expect(problem.detail).toMatch(/tpl_doesnotexist/);

    const noBatch = await call('batch_status', { batchId: 'bat_nope' });
    expect(noBatch.isError).toBe(true);
    expect(jsonOf(noBatch).status).toBe(404);
  });

  it('answers an unknown tool as a JSON-RPC invalid-params error, not a tool result', async () => {
    await expect(client.callTool({ name: 'render_everything', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Unknown tool "render_everything"/),
    });
  });

  it('answers a body that is not JSON, or not a JSON-RPC message, with a JSON-RPC parse error', async () => {
    for (const [body, message] of [
      ['{"jsonrpc":"2.0","id":1,"method":', 'Parse error: Invalid JSON'],
      ['{"hello":"world"}', 'Parse error: Invalid JSON-RPC message'],
    ]) {
      const res = await fetch(`${stack.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message } });
    }
  });

  it('answers a bare JSON-RPC request, as the curl examples of docs/clients.md send it', async () => {
    const res = await fetch(`${stack.baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; result: { tools: Array<{ name: string }> } };
    expect(body.id).toBe(7);
    expect(body.result.tools.map((t) => t.name)).toContain('render_image');
    expect((await stack.api('/mcp', { key })).status).toBe(405);
  });

  it('refuses a wrong key with a 401 problem, before any MCP exchange', async () => {
    await expect(connect('pr_live_wrongwrongwrongwrongwrong')).rejects.toThrow(/401/);
    const res = await fetch(`${stack.baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/invalid or has been revoked/);
  });
});

describe('MCP renders that outlive the wait (memory+pglite)', () => {
  let stack: TestStack;
  let client: Client;
  let slow: Awaited<ReturnType<typeof startPageServer>>;

  async function call(name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    return jsonOf(result);
  }

  /** Calls `tool` as its `poll` says until the render is done or failed; answers the last body. */
  async function follow(poll: { tool: string; arguments: Record<string, unknown> }, member: string): Promise<Record<string, any>> {
    let body: Record<string, any> = {};
    for (let i = 0; i < 100; i++) {
      body = await call(poll.tool, poll.arguments);
      if (['done', 'failed'].includes(body[member].status as string)) return body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${poll.tool} never finished: ${JSON.stringify(body)}`);
  }

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { gateway: { renderWaitMs: 300 } });
    const { key } = await stack.newAccount();
    client = await connectTo(stack, key);
    // The page's load event waits for this image: the render outlives the gateway's 300 ms wait.
    slow = await startPageServer({ '/slow.png': (_req, res) => void setTimeout(() => res.writeHead(404).end(), 1_500) });
  });
  afterAll(async () => {
    await client?.close();
    await slow?.close();
    await stack.dispose();
  });

  it('answers a queued GIF with its id and the tool to follow it, then get_gif and pictify_get_gif show it done', async () => {
    const html = `<div style="width:40px;height:40px;background:#f00;animation:m .4s linear"></div><style>@keyframes m{to{transform:translateX(60px)}}</style><img src="${slow.url('/slow.png')}">`;
    const queued = await call('render_gif', { html, width: 120, height: 80, quality: 'low' });
    expect(queued).toMatchObject({ status: 'queued', url: null, poll: { tool: 'get_gif', arguments: { id: queued.id } } });
    expect(queued.id).toMatch(/^gif_/);
    // As the HTTP 202 answers it: flat, and under `gif`.
    expect(queued.gif).toEqual({ uid: queued.id, id: queued.id, status: 'queued', url: null, createdAt: queued.createdAt });

    const done = await follow(queued.poll, 'gif');
    expect(done.gif).toMatchObject({ uid: queued.id, status: 'done', width: 120, height: 80, error: null });
    const file = await fetch(done.gif.url as string);
    expect(file.headers.get('content-type')).toBe('image/gif');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe('GIF89a');
    expect((await call('pictify_get_gif', { gifId: queued.id })).gif).toEqual(done.gif);
  });

  it('follows a queued PDF with get_pdf', async () => {
    const queued = await call('render_pdf', { html: `<h1>Slow</h1><img src="${slow.url('/slow.png')}">`, preset: 'A4' });
    expect(queued).toMatchObject({ status: 'queued', poll: { tool: 'get_pdf', arguments: { id: queued.id } } });
    const done = await follow(queued.poll, 'pdf');
    expect(done.pdf).toMatchObject({ id: queued.id, status: 'done', error: null });
    const file = await fetch(done.pdf.url as string);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('shows the error of a queued render that failed', async () => {
    const queued = await call('render_image', { html: '<script>while(true){}</script>', width: 100, height: 100 });
    expect(queued).toMatchObject({ status: 'queued', poll: { tool: 'get_image' } });
    const failed = await follow(queued.poll, 'image');
    expect(failed.image).toMatchObject({
      id: queued.id,
      status: 'failed',
      url: null,
      error: { slug: 'render-timeout', detail: expect.any(String) },
    });
  });
});
