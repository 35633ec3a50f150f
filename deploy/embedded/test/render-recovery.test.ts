import { CATALOG, type RenderFailedEvent } from '@pressroom/contracts';
import type { Delivery, Subscription } from '@pressroom/bus';
import { claimRender, getRenderById, insertRenderWithinCredits, listRenders } from '@pressroom/db';
import { QUEUED_RENDER_MAX_WAIT_MS } from '@pressroom/scheduler';
import { TEST_NATS_URL, startCuttableProxy, waitFor, type CuttableProxy } from '@pressroom/testing';
import { FLAVOURS, QUADRANTS, expectStatus, problemOf, startTestStack, type TestStack } from './harness.js';

/**
 * Renders the bus gave up on or never took, through the whole stack on both transports and
 * databases. A renderer that dies mid-render is played by a consumer that claims the render as the
 * worker does and then never answers (a SIGKILLed process, as the bus and the database see it;
 * renderer-crash.test.ts kills a real one); a gateway that died between its insert and its publish
 * by the row it leaves.
 */
describe.each(FLAVOURS)('renders the bus gave up on or never took (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let accountId: string;
  /** The scheduler's clock runs this far ahead (to pass the unpublished grace without waiting a minute). */
  let ahead = 0;

  beforeAll(async () => {
    stack = await startTestStack(flavour, {
      withImageService: false,
      batches: { pollMs: 250, now: () => new Date(Date.now() + ahead) },
      gateway: { renderWaitMs: 1_000 },
    });
    ({ key, accountId } = await stack.newAccount());
  }, 60_000);
  afterAll(() => stack.dispose());

  /** A render row as the gateway inserts it for `POST /image` of HTML (confirmed on the bus unless the test says otherwise). */
  const htmlImageRow = (id: string) => ({
    id,
    ownerId: accountId,
    accountId,
    kind: 'image' as const,
    origin: 'html' as const,
    templateId: null,
    format: 'png',
    width: 40,
    height: 30,
  });
  const creditsUsed = async () =>
    ((await (await stack.api('/user/plan-details', { key })).json()) as { renders: { used: number } }).renders.used;

  it('ends a render whose renderer died on every delivery as render-crashed: failed once, credit back, deletable', async () => {
    const failures: RenderFailedEvent['data'][] = [];
    await stack.bus.subscribeEvents(CATALOG.renderFailed, async ({ data }) => void failures.push(data.data), {
      group: 'recovery-observer',
    });
    const claims: number[] = [];
    // Claims as the worker does (its delivery, the maximum, a lease of a second), then dies: never settles, never beats.
    const dying: Subscription = await stack.bus.consume(
      CATALOG.renderImage,
      async (delivery: Delivery<{ renderId: string }>) => {
        claims.push(delivery.deliveryCount);
        await claimRender(stack.db, delivery.data.renderId, {
          attempt: delivery.deliveryCount,
          maxAttempts: CATALOG.renderImage.maxDeliver,
          leaseMs: 1_000,
        });
        await new Promise(() => undefined);
      },
      { concurrency: CATALOG.renderImage.maxDeliver },
    );
    try {
      const accepted = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 40, height: 30 } });
      await expectStatus(accepted, 202);
      const { id } = (await accepted.json()) as { id: string };
      expect(await creditsUsed()).toBe(1);

      const row = await waitFor(
        async () => {
          const current = await getRenderById(stack.db, id);
          return current?.state === 'failed' ? current : null;
        },
        'the render failed by the sweep',
        60_000,
      );
      expect(claims).toEqual([1, 2, 3]);
      expect(row.error).toMatchObject({ slug: 'render-crashed', status: 500 });
      const shown = (await (await stack.api(`/image/${id}`, { key })).json()) as { image: Record<string, unknown> };
      expect(shown.image).toMatchObject({ status: 'failed', url: null, error: { slug: 'render-crashed' } });
      expect(await creditsUsed()).toBe(0);
      await waitFor(() => failures.some((f) => f.renderId === id), 'render.failed');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(failures.filter((f) => f.renderId === id)).toEqual([
        expect.objectContaining({ errorCode: 'RENDER_CRASHED', userId: accountId }),
      ]);
      await expectStatus(await stack.api(`/renders/${id}`, { method: 'DELETE', key }), 200);
    } finally {
      await dying.stop({ graceMs: 0 });
    }
  }, 120_000);

  it('withdraws the queued row a gateway left when it died before publishing, after the grace: no row, credit back', async () => {
    const before = await creditsUsed();
    // The row exactly as the gateway inserts it; its process dies before the publish.
    const orphan = await insertRenderWithinCredits(stack.db, { ...htmlImageRow(`img_orphan_${Date.now()}`), publishPending: true });
    expect(await creditsUsed()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await getRenderById(stack.db, orphan.id))?.state).toBe('queued'); // within the grace: its gateway may be publishing

    ahead = 61_000;
    try {
      await waitFor(async () => (await getRenderById(stack.db, orphan.id)) === null, 'the orphan withdrawn', 20_000);
    } finally {
      ahead = 0;
    }
    expect(await creditsUsed()).toBe(before);
    const listed = await listRenders(stack.db, { ownerId: accountId, offset: 0, limit: 50 });
    expect(listed.rows.map((r) => r.id)).not.toContain(orphan.id);
  }, 60_000);

  it('gives up a queued render no delivery took, credit back: at once when an earlier run queued it on its in-process bus; after a day on NATS', async () => {
    const before = await creditsUsed();
    const id = `img_never_taken_${Date.now()}`;
    // Confirmed on the bus an hour ago: by an earlier run of this process (its in-process queue went with it), or
    // on NATS by a gateway whose command's deliveries all failed to record their claim.
    await insertRenderWithinCredits(stack.db, htmlImageRow(id));
    await stack.db.rows(
      { text: "UPDATE renders SET created_at = now() - interval '1 hour', published_at = now() - interval '1 hour' WHERE id = $1" },
      [id],
    );
    const failedRow = () =>
      waitFor(
        async () => {
          const row = await getRenderById(stack.db, id);
          return row?.state === 'failed' ? row : null;
        },
        'the render given up',
        20_000,
      );
    if (flavour === 'memory+pglite') {
      expect((await failedRow()).error).toMatchObject({
        slug: 'service-unavailable',
        detail: expect.stringContaining('the server stopped before a renderer took it'),
      });
    } else {
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // a few sweeps: NATS may still deliver it
      expect((await getRenderById(stack.db, id))?.state).toBe('queued');
      ahead = QUEUED_RENDER_MAX_WAIT_MS;
      try {
        expect((await failedRow()).error).toMatchObject({
          slug: 'service-unavailable',
          detail: expect.stringContaining('more than a day'),
        });
      } finally {
        ahead = 0;
      }
    }
    expect(await creditsUsed()).toBe(before);
    const shown = (await (await stack.api(`/image/${id}`, { key })).json()) as { image: Record<string, unknown> };
    expect(shown.image).toMatchObject({ status: 'failed', error: { slug: 'service-unavailable' } });
  }, 60_000);
});

/**
 * NATS unreachable from the gateway (its connection cut by a TCP hop the test controls; the shared
 * server keeps serving everyone else): a render is refused at once with 503 and Retry-After, leaves
 * no row and costs nothing, and renders again once the bus is back.
 */
describe('a render submitted while NATS is down (nats+postgres)', () => {
  let stack: TestStack;
  let proxy: CuttableProxy;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    const nats = new URL(TEST_NATS_URL);
    proxy = await startCuttableProxy({ host: nats.hostname, port: Number(nats.port || 4222) });
    stack = await startTestStack('nats+postgres', { natsUrl: `nats://127.0.0.1:${proxy.port}` });
    ({ key, accountId } = await stack.newAccount());
  }, 60_000);
  afterAll(async () => {
    await proxy.restore();
    await stack?.dispose();
    proxy?.close();
  });

  const ready = async () => (await fetch(`${stack.opsUrl}/readyz`)).status === 200;

  it('answers 503 with Retry-After, keeps no row and charges nothing; renders once the bus is back', async () => {
    await proxy.cut();
    await waitFor(async () => !(await ready()), 'readiness reporting the bus', 15_000);
    const refused = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 40, height: 30 } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    const problem = await problemOf(refused);
    expect(problem).toMatchObject({ status: 503, type: expect.stringMatching(/\/errors\/service-unavailable$/) });
    expect(problem.detail).toMatch(/nothing was charged/);
    expect((await listRenders(stack.db, { ownerId: accountId, offset: 0, limit: 10 })).rows).toEqual([]);

    await proxy.restore();
    await waitFor(ready, 'the bus back', 30_000);
    const plan = (await (await stack.api('/user/plan-details', { key })).json()) as { renders: { used: number } };
    expect(plan.renders.used).toBe(0);
    const rendered = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 40, height: 30 } });
    await expectStatus(rendered, 200);
    const rows = (await listRenders(stack.db, { ownerId: accountId, offset: 0, limit: 10 })).rows;
    expect(rows.map((r) => r.state)).toEqual(['done']);
  }, 120_000);
});
