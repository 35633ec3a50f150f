import sharp from 'sharp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { QUADRANTS, near, startTestStack, type TestStack } from './harness.js';

/** The built-in MCP server (POST /mcp), driven by the SDK's own client as an agent would. */
describe('the MCP server at POST /mcp', () => {
  let stack: TestStack;
  let key: string;
  let client: Client;

  async function connect(withKey: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${stack.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${withKey}` } },
    });
    const c = new Client({ name: 'pressroom-test', version: '1.0.0' });
    await c.connect(transport);
    return c;
  }

  async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  function jsonOf(result: CallToolResult): Record<string, any> {
    const text = result.content.find((c) => c.type === 'text');
    if (!text || text.type !== 'text') throw new Error('no text content');
    return JSON.parse(text.text) as Record<string, any>;
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
      'get_template',
      'list_templates',
      'render_gif',
      'render_image',
      'render_pdf',
      'start_batch',
    ]);
    const image = tools.find((t) => t.name === 'render_image')!;
    expect(Object.keys(image.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['html', 'url', 'template', 'width']));
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

  it('answers bad arguments and domain problems as tool errors with the problem detail', async () => {
    const invalid = await call('render_image', { html: '<p>x</p>', url: 'https://example.com/' });
    expect(invalid.isError).toBe(true);
    expect(JSON.stringify(invalid.content)).toMatch(/exactly one of/);

    const missing = await call('get_template', { uid: 'tpl_doesnotexist' });
    expect(missing.isError).toBe(true);
    const problem = jsonOf(missing);
    expect(problem.status).toBe(404);
    expect(problem.detail).toMatch(/tpl_doesnotexist/);

    const noBatch = await call('batch_status', { batchId: 'bat_nope' });
    expect(noBatch.isError).toBe(true);
    expect(jsonOf(noBatch).status).toBe(404);
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
