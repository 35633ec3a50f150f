import { startTestStack, type TestStack } from './harness.js';

/** The ops port (/metrics, /readyz with process details) stays on loopback unless PRESSROOM_OPS_HOST opens it (docs/operations.md). */
describe('the embedded process’s ops port interface', () => {
  const stacks: TestStack[] = [];
  afterAll(async () => {
    for (const stack of stacks) await stack.dispose();
  });
  const start = async (opsHost?: string) => {
    const stack = await startTestStack('memory+pglite', {
      host: '0.0.0.0',
      ...(opsHost ? { opsHost } : {}),
      withImageService: false,
      withGifService: false,
      withPdfService: false,
      withDispatcher: false,
      withScheduler: false,
    });
    stacks.push(stack);
    return stack;
  };

  it('binds to loopback by default, even when the API listens on every interface, and says so', async () => {
    const stack = await start();
    expect(stack.listening.api).toBe(`0.0.0.0:${stack.port}`);
    expect(stack.listening.ops).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(stack.opsUrl).toBe(`http://${stack.listening.ops}`);
    expect((await fetch(`${stack.opsUrl}/livez`)).status).toBe(200);
  });

  it('binds where PRESSROOM_OPS_HOST says (a container’s 0.0.0.0), reached locally over loopback', async () => {
    const stack = await start('0.0.0.0');
    expect(stack.listening.ops).toMatch(/^0\.0\.0\.0:\d+$/);
    expect(stack.opsUrl).toBe(`http://127.0.0.1:${stack.listening.ops!.split(':')[1]}`);
    expect((await fetch(`${stack.opsUrl}/livez`)).status).toBe(200);
  });
});
