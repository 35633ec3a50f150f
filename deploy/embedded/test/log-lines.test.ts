import { PassThrough } from 'node:stream';
import { createLogger, initTracing } from '@pressroom/telemetry';
import { repeatedKeys, waitFor } from '@pressroom/testing';
import { QUADRANTS, startTestStack, type TestStack } from './harness.js';

initTracing();

describe('raw log lines', () => {
  let stack: TestStack;
  let text = '';
  beforeAll(async () => {
    const destination = new PassThrough();
    destination.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    stack = await startTestStack('memory+pglite', { logger: createLogger({ service: 'pressroom', level: 'debug', destination }) });
  });
  afterAll(() => stack.dispose());

  it('carry every key once per line, the trace id included, through a render', async () => {
    const { key } = await stack.newAccount();
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 64, height: 64 } });
    expect(res.status).toBe(200);
    // The access line is written at the answer's end, through a stream: waited for (a fixed 100 ms was short on a
    // loaded machine).
    await waitFor(() => text.includes('"msg":"request"') && text.includes('"path":"/image"'), 'the access line');

    const lines = text.split('\n').filter(Boolean);
    const access = lines.filter((line) => line.includes('"msg":"request"') && line.includes('"path":"/image"'));
    expect(access).toHaveLength(1);
    const parsed = JSON.parse(access[0]!) as { traceId?: string; requestId?: string };
    expect(parsed.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parsed.requestId).toBe(res.headers.get('x-request-id'));
    for (const line of lines) expect({ line, repeated: repeatedKeys(line) }).toEqual({ line, repeated: [] });
  });
});
