import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RenderCompletedEvent, RenderFailedEvent, RenderOutcome } from '@pressroom/contracts';
import { createMemoryBus, type Bus } from '@pressroom/bus';
import { BrowserUnavailableError, QueueFullError, SelectorNotFoundError } from '@pressroom/browser';
import { getRenderById, getTemplate, insertTemplate, openDatabase, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import { uniqueNamespace } from '@pressroom/testing';
import { eventSource, renderJobHandler, type RenderJobSpec, type RenderedFile } from './index.js';
import { commandSubjects, queuedRender, RenderCommand } from './test-support/render-commands.js';
import { poller, recordRenders } from './test-support/render-outcomes.js';
import { tempDiskStorage } from './test-support/temp-storage.js';

const logger = createLogger({ service: 'render-worker-test', level: 'silent' });

const TestCommand = RenderCommand.extend({ text: z.string(), spilled: z.string().nullable() });
type TestCommand = z.infer<typeof TestCommand>;

const subject = commandSubjects(TestCommand, { prefix: 'rwtest', stream: 'RWTEST', ackWaitMs: 600 });
// 30 s: the heartbeat test's render alone takes 5 s, and a loaded CI machine stalls for seconds.
const until = poller({ timeoutMs: 30_000, everyMs: 10 });

const file = (text: string): RenderedFile => ({
  bytes: Buffer.from(text),
  contentType: 'text/plain',
  width: 10,
  height: 20,
  details: { text },
});

describe('renderJobHandler (the lifecycle every renderer runs on)', () => {
  let bus: Bus;
  let db: Db;
  let storage: Storage;
  let removeStorage: () => Promise<void>;
  const outcomes = new Map<string, RenderOutcome[]>();
  const completed: RenderCompletedEvent[] = [];
  const failed: RenderFailedEvent[] = [];

  beforeAll(async () => {
    bus = createMemoryBus({ namespace: uniqueNamespace('rw'), logger });
    db = await openDatabase({});
    ({ storage, remove: removeStorage } = await tempDiskStorage('render-worker-'));
    await recordRenders(bus, { outcomes, events: { completed, failed, group: 'rw-test' } });
  });

  afterAll(async () => {
    await bus.close({ graceMs: 0 });
    await db.close();
    await removeStorage();
  });

  /** A queued render's command; `templateId` also goes on its row, the rest only on the command. */
  async function newRender(overrides: Partial<Pick<TestCommand, 'templateId' | 'origin' | 'text' | 'spilled'>> = {}): Promise<TestCommand> {
    const queued = await queuedRender(db, { width: 10, height: 20, extension: 'txt', templateId: overrides.templateId ?? null });
    return { ...queued, text: 'hello', spilled: null, ...overrides };
  }

  /** Consume `spec.subject` with the lifecycle; counts calls of the renderer. */
  async function consume(spec: Omit<RenderJobSpec<TestCommand>, 'kind' | 'inputs'> & Partial<RenderJobSpec<TestCommand>>) {
    const calls: number[] = [];
    const handler = renderJobHandler<TestCommand>(
      { bus, db, storage, logger },
      {
        kind: 'image',
        inputs: (command) => (command.spilled ? [command.spilled] : []),
        ...spec,
        render: async (command, log) => {
          calls.push(Date.now());
          return spec.render(command, log);
        },
      },
    );
    await bus.ensure([spec.subject]);
    const subscription = await bus.consume(spec.subject, handler, { concurrency: 2 });
    return { calls, subscription };
  }

  it('stores the file, completes the row, marks the template thumbnail, announces done, deletes spilled input', async () => {
    const templateId = `tpl_${randomUUID()}`;
    await insertTemplate(db, {
      uid: templateId,
      ownerId: 'own_1',
      name: 'Card',
      engine: 'handlebars',
      html: '<h1>x</h1>',
      fabricJSData: null,
      jsEnabled: false,
      strictVariables: true,
      type: 'image',
      category: null,
      tags: [],
      width: 10,
      height: 20,
      outputFormat: 'image',
      pdfPreset: null,
      variableDefinitions: [],
      pages: [],
      layouts: {},
    });
    const s = subject();
    const { subscription } = await consume({ subject: s, render: async (command) => file(command.text), thumbnail: true });
    await storage.put('spilled/one', Buffer.from('big input'), 'text/html');
    const command = await newRender({ templateId, origin: 'batch', text: 'the bytes', spilled: 'spilled/one' });
    await bus.publish(s, command);

    const outcome = await until(() => outcomes.get(command.renderId)?.[0]);
    expect(outcome).toMatchObject({ status: 'done', url: command.output.url, contentType: 'text/plain', width: 10, height: 20 });
    expect((await storage.get(command.output.storageKey))!.bytes.toString()).toBe('the bytes');
    const row = await getRenderById(db, command.renderId);
    expect(row).toMatchObject({ state: 'done', details: { text: 'the bytes' }, url: command.output.url });
    expect((await getTemplate(db, { ownerId: 'own_1', uid: templateId }))?.thumbnail).toBe(command.output.url);
    const event = await until(() => completed.find((e) => e.data.imageId === command.renderId));
    expect(event.data).toMatchObject({ type: 'image', source: 'batch', templateId, userId: 'acc_1' });
    // The spilled input goes once the render has ended (just after the announcement).
    await until(async () => ((await storage.get('spilled/one')) === null ? true : undefined), 'the spilled input removed');
    expect(await storage.get('spilled/one')).toBeNull();
    await subscription.stop();
  });

  it('maps an origin subscribers do not know (a live capture) to the event source "url"', () => {
    expect(eventSource('capture')).toBe('url');
    expect(eventSource('template')).toBe('template');
    expect(eventSource('binding')).toBe('binding');
  });

  it('ends a render that failed on its input at once: 4xx problem, render.failed, no redelivery', async () => {
    const s = subject();
    const { calls, subscription } = await consume({
      subject: s,
      render: async () => {
        throw new SelectorNotFoundError('#missing');
      },
    });
    const command = await newRender();
    await bus.publish(s, command);
    const outcome = await until(() => outcomes.get(command.renderId)?.[0]);
    expect(outcome).toMatchObject({ status: 'failed', problem: { slug: 'selector-not-found', status: 422 } });
    const event = await until(() => failed.find((e) => e.data.renderId === command.renderId));
    expect(event.data.errorCode).toBe('SELECTOR_NOT_FOUND');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(calls).toHaveLength(1);
    expect((await getRenderById(db, command.renderId))?.state).toBe('failed');
    await subscription.stop();
  });

  it('redelivers a failure of ours until maxDeliver, then ends it as a 500 (never a 4xx)', async () => {
    const s = subject();
    const { calls, subscription } = await consume({
      subject: s,
      render: async () => {
        throw new Error('disk on fire');
      },
    });
    const command = await newRender();
    await bus.publish(s, command);
    const outcome = await until(() => outcomes.get(command.renderId)?.[0]);
    expect(calls).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'failed', problem: { slug: 'render-failed', status: 500 } });
    await subscription.stop();
  });

  it('ends a render whose renderer stayed unavailable as a 503 service-unavailable', async () => {
    const s = subject({ maxDeliver: 2 });
    const { calls, subscription } = await consume({
      subject: s,
      render: async () => {
        throw new BrowserUnavailableError('browser launch failed');
      },
    });
    const command = await newRender();
    await bus.publish(s, command);
    const outcome = await until(() => outcomes.get(command.renderId)?.[0]);
    expect(calls).toHaveLength(2);
    expect(outcome).toMatchObject({ status: 'failed', problem: { slug: 'service-unavailable', status: 503 } });
    await subscription.stop();
  });

  it('defers a render the browser queue refused (QueueFullError) and renders it later', async () => {
    const s = subject();
    let refused = false;
    const { calls, subscription } = await consume({
      subject: s,
      render: async (command) => {
        if (!refused) {
          refused = true;
          throw new QueueFullError(1);
        }
        return file(command.text);
      },
    });
    const command = await newRender();
    await bus.publish(s, command);
    const outcome = await until(() => outcomes.get(command.renderId)?.[0]);
    expect(outcome.status).toBe('done');
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(900);
    await subscription.stop();
  });

  it('only re-announces a render that already finished, never renders it again', async () => {
    const s = subject();
    const { calls, subscription } = await consume({ subject: s, render: async (command) => file(command.text) });
    const command = await newRender();
    await bus.publish(s, command);
    await until(() => outcomes.get(command.renderId)?.[0]);
    await bus.publish(s, command); // a duplicate command (e.g. redelivered after the ack was lost)
    const again = await until(() => outcomes.get(command.renderId)?.[1]);
    expect(again).toMatchObject({ status: 'done', url: command.output.url });
    expect(calls).toHaveLength(1);
    await subscription.stop();
  });

  it('with startBeforeClaim, renders beside the claim, and a duplicate of a finished render only re-announces it', async () => {
    const s = subject();
    const { calls, subscription } = await consume({ subject: s, startBeforeClaim: true, render: async (command) => file(command.text) });
    const command = await newRender();
    await bus.publish(s, command);
    const first = await until(() => outcomes.get(command.renderId)?.[0]);
    expect(first).toMatchObject({ status: 'done', url: command.output.url });
    const stored = await storage.get(command.output.storageKey);
    await bus.publish(s, command);
    const again = await until(() => outcomes.get(command.renderId)?.[1]);
    expect(again).toMatchObject({ status: 'done', url: command.output.url, completedAt: first.completedAt });
    // The duplicate rendered for nothing: the stored file and the row are the first render's.
    expect(calls).toHaveLength(2);
    expect((await storage.get(command.output.storageKey))?.bytes).toEqual(stored?.bytes);
    expect(await getRenderById(db, command.renderId)).toMatchObject({ state: 'done', completedAt: new Date(first.completedAt) });
    await subscription.stop();
  });

  it('heartbeats a render that lasts several ack waits, so it is delivered once', async () => {
    // A 2 s ack wait (beats every 500 ms) and a 5 s render: a loaded machine's stall of up to 1.5 s between two beats
    // costs nothing (at 400 ms, beats 100 ms apart, a 300 ms stall could have the message redelivered).
    const s = subject({ ackWaitMs: 2_000 });
    const { calls, subscription } = await consume({
      subject: s,
      render: async (command) => {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return file(command.text);
      },
    });
    const command = await newRender();
    await bus.publish(s, command);
    await until(() => outcomes.get(command.renderId)?.[0]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls).toHaveLength(1);
    await subscription.stop();
  });
});
