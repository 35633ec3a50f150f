import type { CommandSubject, RenderOutcome } from '@pressroom/contracts';
import { createMemoryBus, createNatsBus, type Bus } from '@pressroom/bus';
import { BrowserPool } from '@pressroom/browser';
import { getRenderById, openDatabase, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import { TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
import { closingWith, consumeRenders, renderJobHandler, type RendererService, type RenderedFile } from './index.js';
import { commandSubjects, queuedRender, RenderCommand as Command } from './test-support/render-commands.js';
import { poller, recordRenders } from './test-support/render-outcomes.js';
import { tempDiskStorage } from './test-support/temp-storage.js';

const logger = createLogger({ service: 'consume-renders-test', level: process.env.RENDER_HARNESS_LOG ?? 'silent' });
const CHROMIUM = '/usr/bin/chromium-headless-shell';

/** The QA pass's page: ready after 8 s, then 10 s of delay; longer than any grace given below. */
const SLOW_PAGE = '<h1>long</h1><script>setTimeout(()=>{window.ready=true},8000)</script>';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const until = poller({ timeoutMs: 20_000, everyMs: 20 });

interface Transport {
  /** The bus the first renderer, the producer and the listener use. */
  bus: Bus;
  /** Another process on the same bus (a second connection for NATS; the same bus in process). */
  peer(): Promise<Bus>;
  cleanup(): Promise<void>;
}

async function natsTransport(): Promise<Transport> {
  const namespace = uniqueNamespace('rw-stop');
  const buses: Bus[] = [];
  const open = async () => {
    const bus = await createNatsBus({ url: TEST_NATS_URL, namespace, logger });
    buses.push(bus);
    return bus;
  };
  return {
    bus: await open(),
    peer: open,
    async cleanup() {
      await Promise.all(buses.map((bus) => bus.close({ graceMs: 0 })));
    },
  };
}

async function memoryTransport(): Promise<Transport> {
  const bus = createMemoryBus({ logger });
  return { bus, peer: async () => bus, cleanup: () => bus.close({ graceMs: 0 }) };
}

/**
 * A renderer's stop on SIGTERM (docs/adr/0068), on both transports, with a real browser: the
 * renders in flight finish within the grace; those still running when it runs out are handed back
 * to the bus, never failed, and never blamed on their input when the browser closes under them.
 */
describe.each([
  ['nats', natsTransport],
  ['memory', memoryTransport],
] as const)('consumeRenders: stopping with renders in flight (%s)', (name, makeTransport) => {
  let t: Transport;
  let db: Db;
  let storage: Storage;
  let removeStorage: () => Promise<void>;
  const outcomes = new Map<string, RenderOutcome[]>();

  beforeAll(async () => {
    t = await makeTransport();
    db = await openDatabase({});
    ({ storage, remove: removeStorage } = await tempDiskStorage('consume-renders-'));
    await recordRenders(t.bus, { outcomes });
  });

  afterAll(async () => {
    await t.cleanup();
    await db.close();
    await removeStorage();
  });

  // Far beyond every wait below: a redelivery can only come from the stop's hand-back.
  const subject = commandSubjects(Command, { prefix: 'rwstop', stream: 'RWSTOP', ackWaitMs: 60_000 });
  const newRender = () => queuedRender(db, { width: 400, height: 200, extension: 'png' });

  /** A renderer process: its own bus connection and browser; renders `html` with the given page controls. */
  async function startRenderer(bus: Bus, s: CommandSubject<Command>, page: { html: string; waitForFunction?: string; delayMs?: number }) {
    const pool = await BrowserPool.start({
      executablePath: CHROMIUM,
      pages: 1,
      restartAfter: 100,
      queueLimit: 10,
      renderTimeoutMs: 30_000,
      logger,
    });
    const started: string[] = [];
    // The page work of a capture (load, wait for the page's flag, delay, screenshot) on a real page of the pool.
    const render = async (command: Command): Promise<RenderedFile> => {
      started.push(command.renderId);
      const bytes = await pool.run(async (tab) => {
        await tab.setViewport({ width: 400, height: 200 });
        await tab.setContent(page.html);
        if (page.waitForFunction) await tab.waitForFunction(page.waitForFunction, { timeout: 30_000 });
        if (page.delayMs) await sleep(page.delayMs);
        return Buffer.from(await tab.screenshot({ type: 'png' }));
      });
      return { bytes, contentType: 'image/png', width: 400, height: 200, details: {} };
    };
    const handler = renderJobHandler<Command>({ bus, db, storage, logger }, { kind: 'image', subject: s, render, inputs: () => [] });
    await bus.ensure([s]);
    const service: RendererService = closingWith(
      await consumeRenders({ service: 'image', subject: s, handler, bus, logger, concurrency: 1, health: () => ({}) }),
      () => pool.close(),
    );
    return { service, started };
  }

  it('finishes a render in flight within the grace, then stops: done once, never redelivered', async () => {
    const s = subject();
    const a = await startRenderer(await t.peer(), s, { html: '<h1>soon</h1>', delayMs: 2_500 });
    const command = await newRender();
    await t.bus.publish(s, command, { msgId: command.renderId });
    await until(() => (a.started.length > 0 ? true : undefined), 'the render to start');
    const stopAt = Date.now();
    await a.service.stop({ graceMs: 20_000 });
    const stopMs = Date.now() - stopAt;
    const [outcome] = await until(() => outcomes.get(command.renderId), 'the outcome');
    expect(outcome).toMatchObject({ status: 'done', width: 400, height: 200 });
    expect(stopMs).toBeGreaterThanOrEqual(1_500);
    expect(stopMs).toBeLessThan(15_000);
    expect(await getRenderById(db, command.renderId)).toMatchObject({ state: 'done' });
    // Nobody else is ever asked to render it.
    const b = await startRenderer(await t.peer(), s, { html: '<h1>quick</h1>' });
    await sleep(1_500);
    expect(b.started).toEqual([]);
    expect(outcomes.get(command.renderId)).toHaveLength(1);
    await b.service.stop();
  }, 60_000);

  it('hands a render still running when the grace runs out back to the bus: another renderer does it, nothing fails', async () => {
    const s = subject();
    const a = await startRenderer(await t.peer(), s, { html: SLOW_PAGE, waitForFunction: 'window.ready===true', delayMs: 10_000 });
    const command = await newRender();
    await t.bus.publish(s, command, { msgId: command.renderId });
    await until(() => (a.started.length > 0 ? true : undefined), 'the render to start');
    await sleep(1_000);
    // A second renderer joins only now, so the first one certainly holds the command.
    const b = await startRenderer(await t.peer(), s, { html: '<h1>quick</h1>' });
    const stopAt = Date.now();
    // Handing back is the default on NATS; the in-process bus is told to (its default is below).
    await a.service.stop({ graceMs: 500, ...(name === 'memory' ? { unfinished: 'handed-back' as const } : {}) });
    expect(Date.now() - stopAt).toBeLessThan(8_000);

    const [outcome] = await until(() => outcomes.get(command.renderId), 'the outcome');
    // Rendered by the second renderer: handed back, not failed (no 422 "the page crashed the renderer").
    expect(outcome).toMatchObject({ status: 'done', width: 400, height: 200 });
    expect(b.started).toEqual([command.renderId]);
    expect(Date.now() - stopAt).toBeLessThan(15_000);
    await sleep(500);
    expect(outcomes.get(command.renderId)).toHaveLength(1);
    expect(await getRenderById(db, command.renderId)).toMatchObject({ state: 'done', error: null });
    await b.service.stop();
  }, 90_000);

  it('ends a render handed back on its last delivery as a 503 to retry, never as its input’s fault', async () => {
    const s = subject({ maxDeliver: 1 });
    const a = await startRenderer(await t.peer(), s, { html: SLOW_PAGE, waitForFunction: 'window.ready===true', delayMs: 10_000 });
    const command = await newRender();
    await t.bus.publish(s, command, { msgId: command.renderId });
    await until(() => (a.started.length > 0 ? true : undefined), 'the render to start');
    await sleep(1_000);
    await a.service.stop({ graceMs: 300, unfinished: 'handed-back' });
    const [outcome] = await until(() => outcomes.get(command.renderId), 'the outcome');
    expect(outcome).toMatchObject({
      status: 'failed',
      problem: { slug: 'service-unavailable', status: 503, detail: 'The renderer shut down during the render. Retry in a few seconds.' },
    });
    expect(await getRenderById(db, command.renderId)).toMatchObject({ state: 'failed' });
  }, 60_000);

  // The embedded process: its in-process queue stops with it, so a render it cuts would stay `rendering` forever.
  (name === 'memory' ? it : it.skip)(
    'on the in-process bus, ends a render still running after the grace as a 503 to retry, not left rendering',
    async () => {
      const s = subject();
      const a = await startRenderer(t.bus, s, { html: SLOW_PAGE, waitForFunction: 'window.ready===true', delayMs: 10_000 });
      const command = await newRender();
      await t.bus.publish(s, command, { msgId: command.renderId });
      await until(() => (a.started.length > 0 ? true : undefined), 'the render to start');
      await a.service.stop({ graceMs: 300 });
      const [outcome] = await until(() => outcomes.get(command.renderId), 'the outcome');
      expect(outcome).toMatchObject({ status: 'failed', problem: { slug: 'service-unavailable', status: 503 } });
      expect(await getRenderById(db, command.renderId)).toMatchObject({ state: 'failed' });
    },
    60_000,
  );
});
