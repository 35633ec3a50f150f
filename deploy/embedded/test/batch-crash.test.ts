import { CATALOG } from '@pressroom/contracts';
import { getRenderById, listBatchItems } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { decode } from './harness.js';
import { startSeparateRendererStack, type SeparateRendererStack } from './separate-renderer-stack.js';
import { pollingAccount, TINY_PNG } from './service-processes.js';

/**
 * The image renderer as its own process on the stack's NATS, PostgreSQL and
 * object store, killed with SIGKILL mid-batch: its unacknowledged commands
 * come back after the short render ack wait (8 s, docs/adr/0008) and a fresh
 * renderer finishes them within seconds of its start.
 */
describe('a renderer killed mid-batch loses no item and renders none twice (nats+postgres)', () => {
  let rig: SeparateRendererStack;

  beforeAll(async () => {
    rig = await startSeparateRendererStack({
      name: 'crash',
      routes: { '/slow.png': (_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG), 700) },
      renderer: { browserPages: 2, renderTimeoutMs: 10_000 },
    });
  }, 60_000);
  afterAll(() => rig?.dispose());

  it('finishes every item exactly once after SIGKILL of the renderer and a replacement', async () => {
    const { stack, pages, startRenderer } = rig;
    const completions = new Map<string, number>();
    await stack.bus.subscribeEvents(
      CATALOG.renderCompleted,
      async ({ data }) => {
        completions.set(data.data.imageId, (completions.get(data.data.imageId) ?? 0) + 1);
      },
      { group: 'crash-observer' },
    );
    const { key } = await pollingAccount(stack.db, `crash-${Date.now()}`);
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'slow',
        width: 50,
        height: 30,
        html: `<body style="margin:0;background:#00ff00"><img src="${pages.url('/slow.png')}?n={{n}}"></body>`,
      },
    });
    const uid = ((await created.json()) as { template: { uid: string } }).template.uid;

    const first = await startRenderer();
    const startRes = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: Array.from({ length: 16 }, (_, n) => ({ n })), concurrency: 4 },
    });
    expect(startRes.status).toBe(202);
    const { batchId } = (await startRes.json()) as { batchId: string };
    const progress = async () =>
      (await (await stack.api(`/templates/batch/${batchId}/results`, { key })).json()) as {
        status: string;
        completedItems: number;
        failedItems: number;
        results: Array<{ success: boolean; url: string }>;
      };

    await waitFor(async () => (await progress()).completedItems >= 4, 'four items rendered', 60_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const inFlight = (await listBatchItems(stack.db, batchId)).filter((i) => i.state === 'rendering');
    expect(inFlight.length).toBeGreaterThan(0);

    await startRenderer();
    const restartedAt = Date.now();
    const done = await waitFor(
      async () => {
        const p = await progress();
        return p.status === 'completed' || p.status === 'partial' || p.status === 'failed' ? p : null;
      },
      'batch finished after the crash',
      90_000,
    );
    const finishedAt = Date.now();
    // The killed renderer's commands moved on within the 8 s ack wait, not after minutes (the stranded-render sweep's
    // ~7): about 13 s for the ack wait and the 12 items left; the bound leaves room for a loaded machine, where
    // Chromium's start and the renders themselves take several times longer (it was 15 s).
    expect(finishedAt - restartedAt).toBeLessThan(60_000);

    expect(done).toMatchObject({ status: 'completed', completedItems: 16, failedItems: 0 });
    const items = await listBatchItems(stack.db, batchId);
    expect(new Set(items.map((i) => i.renderId)).size).toBe(16);
    expect(new Set(done.results.map((r) => r.url)).size).toBe(16);
    // One completion per item's render, none for anything else.
    await new Promise((r) => setTimeout(r, 500));
    for (const item of items) expect(completions.get(item.renderId!)).toBe(1);
    expect(completions.size).toBe(16);
    for (const item of items) expect((await getRenderById(stack.db, item.renderId!))?.state).toBe('done');
    // Credits exact: one per item, none for the renders the crash interrupted.
    const plan = (await (await stack.api('/user/plan-details', { key })).json()) as { renders: { used: number } };
    expect(plan.renders.used).toBe(16);
    const image = await decode(done.results[0]!.url);
    expect([image.width, image.height]).toEqual([50, 30]);
  }, 150_000);
});
