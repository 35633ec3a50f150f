import type { ServerResponse } from 'node:http';
import { CATALOG, type RenderFailedEvent } from '@pressroom/contracts';
import { getRenderById } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { startSeparateRendererStack, type SeparateRendererStack } from './separate-renderer-stack.js';
import { pollingAccount } from './service-processes.js';

/**
 * The image renderer as its own process, SIGKILLed (as an OOM kill does it) during one long render on
 * every delivery its command gets: after the last, the bus drops the command and nothing would end the
 * render. The scheduler's sweep does (docs/adr/0064): once the last worker's lease lapses, the render
 * ends failed as `render-crashed`, its credit back, `render.failed` emitted once; it can be deleted.
 */
describe('a render whose renderer is killed on every delivery ends render-crashed (nats+postgres, separate renderer)', () => {
  const held: ServerResponse[] = [];
  let rig: SeparateRendererStack;

  beforeAll(async () => {
    rig = await startSeparateRendererStack({
      name: 'killed',
      // The page waits on an image that never comes: the render runs until its renderer is killed.
      routes: { '/held.png': (_req, res) => void held.push(res) },
      renderer: { browserPages: 1, renderTimeoutMs: 120_000 },
      stack: { gateway: { renderWaitMs: 1_000 } },
    });
  }, 60_000);
  afterAll(async () => {
    for (const res of held) res.destroy();
    await rig?.dispose();
  });

  it('fails it once as render-crashed after the third kill: credit back, one render.failed, deletable', async () => {
    const { stack, pages, startRenderer } = rig;
    const failures: RenderFailedEvent['data'][] = [];
    await stack.bus.subscribeEvents(CATALOG.renderFailed, async ({ data }) => void failures.push(data.data), { group: 'killed-observer' });
    const { accountId, key } = await pollingAccount(stack.db, `killed-${Date.now()}`);

    const html = `<body style="margin:0;background:#00ff00"><img src="${pages.url('/held.png')}" style="width:4px;height:4px"></body>`;
    const accepted = await stack.api('/image', { method: 'POST', key, json: { html, width: 40, height: 30 } });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: string };
    let claimedAt = 0;
    for (let delivery = 1; delivery <= 3; delivery++) {
      const renderer = await startRenderer();
      // This delivery claimed the render (a new start time) and its page is loading: kill the renderer mid-render.
      await waitFor(
        async () => {
          const row = await getRenderById(stack.db, id);
          const started = row?.startedAt?.getTime() ?? 0;
          if (row?.state !== 'rendering' || started <= claimedAt || held.length < delivery) return false;
          claimedAt = started;
          return true;
        },
        `delivery ${delivery} rendering`,
        60_000,
      );
      const exited = new Promise((resolve) => renderer.once('exit', resolve));
      renderer.kill('SIGKILL');
      await exited;
    }
    // A renderer runs again (as Kubernetes restarts the pod): the bus has nothing left to give it.
    await startRenderer();

    const row = await waitFor(
      async () => {
        const current = await getRenderById(stack.db, id);
        return current?.state === 'failed' ? current : null;
      },
      'the render failed by the sweep',
      60_000,
    );
    expect(row.error).toMatchObject({ slug: 'render-crashed', status: 500 });
    expect(held).toHaveLength(3); // never rendered a fourth time

    const shown = (await (await stack.api(`/image/${id}`, { key })).json()) as {
      image: { status: string; url: string | null; error: { slug: string } };
    };
    expect(shown.image).toMatchObject({ status: 'failed', url: null, error: { slug: 'render-crashed' } });
    const plan = (await (await stack.api('/user/plan-details', { key })).json()) as { renders: { used: number } };
    expect(plan.renders.used).toBe(0);

    await waitFor(() => failures.some((f) => f.renderId === id), 'render.failed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(failures.filter((f) => f.renderId === id)).toEqual([
      expect.objectContaining({ renderId: id, errorCode: 'RENDER_CRASHED', type: 'image', userId: accountId }),
    ]);

    const deleted = await stack.api(`/renders/${id}`, { method: 'DELETE', key });
    expect(deleted.status).toBe(200);
    expect(await getRenderById(stack.db, id)).toBeNull();
  }, 300_000);
});
