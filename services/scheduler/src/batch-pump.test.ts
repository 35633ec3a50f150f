import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBus, type Bus } from '@pressroom/bus';
import { CATALOG, newId, type RenderFailedEvent, type RenderImageCommand } from '@pressroom/contracts';
import {
  createAccount,
  createBatch,
  deleteAsset,
  insertAsset,
  insertTemplate,
  listBatchItems,
  openDatabase,
  type Db,
  type NewBatchItem,
  type NewTemplate,
} from '@pressroom/db';
import { createOwnerCaches, type OwnerCaches } from '@pressroom/service-runner';
import { createDiskStorage, type Storage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import { waitFor } from '@pressroom/testing';
import { BatchPump } from './batch-pump.js';

/**
 * The batch pump against real parts: in-memory PGlite, the in-process bus,
 * disk storage. No renderer runs; the test reads the `render.image` commands
 * the pump publishes and the items it fails before rendering.
 */
describe('BatchPump plans HTML and canvas items', () => {
  let db: Db;
  let bus: Bus;
  let storage: Storage;
  let dir: string;
  let pump: BatchPump;
  let owners: OwnerCaches;
  let owner: { id: string; ownerId: string };
  const commands: RenderImageCommand[] = [];
  const failed: RenderFailedEvent[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scheduler-pump-'));
    db = await openDatabase({});
    bus = createMemoryBus();
    storage = await createDiskStorage({ dir });
    await bus.ensure([CATALOG.renderImage, CATALOG.renderFailed, CATALOG.batchCompleted]);
    await bus.consume(CATALOG.renderImage, async (delivery) => void commands.push(delivery.data));
    await bus.subscribeEvents(CATALOG.renderFailed, async (delivery) => void failed.push(delivery.data), { group: 'test' });
    const logger = createLogger({ service: 'scheduler-test', level: 'silent' });
    owners = createOwnerCaches({ bus, logger });
    pump = new BatchPump({
      db,
      bus,
      storage,
      owners,
      publicBaseUrl: 'http://gateway.test',
      now: () => new Date(),
      logger,
    });
    owner = await createAccount(db, { name: `pump-${Date.now()}`, plan: 'pro' });
  });
  afterAll(async () => {
    await pump.idle();
    await bus.close();
    await db.close();
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function template(design: Pick<NewTemplate, 'html' | 'fabricJSData'> & Partial<NewTemplate>): Promise<string> {
    const row = await insertTemplate(db, {
      uid: newId('tpl'),
      ownerId: owner.ownerId,
      name: 'pump test',
      engine: null,
      jsEnabled: false,
      strictVariables: false,
      type: null,
      category: null,
      tags: [],
      width: 200,
      height: 100,
      outputFormat: 'image',
      pdfPreset: null,
      variableDefinitions: [],
      pages: [],
      layouts: {},
      ...design,
    });
    return row.uid;
  }

  async function runBatch(templateId: string, items: NewBatchItem[], format = 'png'): Promise<string> {
    const batch = await createBatch(db, {
      batch: {
        id: newId('bat'),
        ownerId: owner.ownerId,
        accountId: owner.id,
        templateId,
        format,
        quality: 0.9,
        concurrency: 10,
        layouts: null,
        csvUrl: null,
        webhookUrl: null,
        webhookSecretCiphertext: null,
      },
      items,
      maxActive: null,
    });
    await pump.pump(batch.id);
    return batch.id;
  }

  /** The in-process bus delivers asynchronously: poll for what was published (at once, bar a loaded machine's stall). */
  const eventually = <T>(find: () => T | undefined) => waitFor(find, 'the message to be published');
  const commandOf = (renderId: string) => eventually(() => commands.find((c) => c.renderId === renderId));

  it('publishes an HTML item as its templated page, origin batch', async () => {
    const uid = await template({ html: '<p>{{ name }}</p>', fabricJSData: null });
    const batchId = await runBatch(uid, [{ rowIndex: 0, layout: null, variables: { name: 'Ada' } }]);
    const [item] = await listBatchItems(db, batchId);
    const command = await commandOf(item!.renderId!);
    expect(command).toMatchObject({
      origin: 'batch',
      templateId: uid,
      source: { kind: 'html', html: '<p>Ada</p>' },
      width: 200,
      height: 100,
      output: { storageKey: `renders/${item!.renderId}.png`, url: `http://gateway.test/files/renders/${item!.renderId}.png` },
    });
  });

  it('publishes canvas items as templated canvases and fails a row whose bound value has the wrong type', async () => {
    const uid = await template({
      html: null,
      fabricJSData: {
        objects: [{ type: 'Rect', width: 200, height: 100, fill: '#000', variableBindings: { fill: 'colour', opacity: 'alpha' } }],
      },
    });
    const batchId = await runBatch(uid, [
      { rowIndex: 0, layout: null, variables: { colour: '#ff0000', alpha: 1 } },
      { rowIndex: 1, layout: null, variables: { colour: '#0000ff', alpha: 'opaque' } },
    ]);
    const items = await listBatchItems(db, batchId);
    const good = items.find((i) => i.rowIndex === 0)!;
    const bad = items.find((i) => i.rowIndex === 1)!;
    const command = await commandOf(good.renderId!);
    expect(command.source.kind).toBe('canvas');
    const canvas = (command.source as Extract<RenderImageCommand['source'], { kind: 'canvas' }>).canvas;
    expect((canvas.objects as Array<Record<string, unknown>>)[0]).toMatchObject({ type: 'Rect', fill: '#ff0000', opacity: 1 });
    expect(bad).toMatchObject({ state: 'failed', errorCode: 'VALIDATION_ERROR', error: expect.stringContaining('opacity') });
    expect(commands.some((c) => c.renderId === bad.renderId)).toBe(false);
    expect((await eventually(() => failed.find((e) => e.data.renderId === bad.renderId))).data).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      templateId: uid,
    });
  });

  it('fails a GIF item whose template became a canvas design after the batch was accepted, with the gateway’s wording', async () => {
    // The gateway refuses such a batch (gifRefusalOf); a template edited while the batch waits reaches the item.
    const uid = await template({ html: null, fabricJSData: { objects: [{ type: 'Rect', width: 200, height: 100, fill: '#000' }] } });
    const batchId = await runBatch(uid, [{ rowIndex: 0, layout: null, variables: {} }], 'gif');
    const [item] = await listBatchItems(db, batchId);
    expect(item).toMatchObject({
      state: 'failed',
      errorCode: 'UNSUPPORTED_FORMAT',
      error: `GIF output animates an HTML page; template ${uid} is a canvas design. Use png, jpeg or webp.`,
    });
    expect(commands.some((c) => c.renderId === item!.renderId)).toBe(false);
  });

  it('loads the owner’s fonts into every item from the process’s font list, read once per owner and dropped on `fonts`', async () => {
    const bytes = Buffer.from('brand sans bytes');
    const storageKey = `assets/brand-${Date.now()}.ttf`;
    await storage.put(storageKey, bytes, 'font/ttf');
    const font = await insertAsset(
      db,
      {
        id: `ast_brand${Date.now()}`,
        ownerId: owner.ownerId,
        kind: 'font',
        format: 'ttf',
        name: 'brand.ttf',
        contentType: 'font/ttf',
        sizeBytes: bytes.length,
        storageKey,
        fontFamily: 'Brand Sans',
        fontWeight: 400,
        fontStyle: 'normal',
      },
      { maxAssets: 10, maxTotalBytes: 1_000_000 },
    );
    if (!font.ok) throw new Error('font refused');
    // Announced as the upload route does: the earlier tests' items already read this owner's (empty) list.
    await owners.changed(owner.ownerId, ['fonts']);
    const uid = await template({ html: `<p style="font-family:'Brand Sans'">{{ name }}</p>`, fabricJSData: null });
    const htmlOf = async (batchId: string) =>
      Promise.all(
        (await listBatchItems(db, batchId)).map(async (item) => {
          const source = (await commandOf(item.renderId!)).source;
          return source.kind === 'html' ? source.html : '';
        }),
      );
    const face = `@font-face{font-family:"Brand Sans";src:url("data:font/ttf;base64,${bytes.toString('base64')}")`;

    const first = await runBatch(uid, [
      { rowIndex: 0, layout: null, variables: { name: 'Ada' } },
      { rowIndex: 1, layout: null, variables: { name: 'Grace' } },
    ]);
    for (const html of await htmlOf(first)) expect(html).toContain(face);
    expect(owners.fonts.size).toBe(1);

    // Deleted behind the cache's back (nothing announced): items still read the kept list, not the table.
    await deleteAsset(db, { ownerId: owner.ownerId, id: font.row.id });
    const second = await runBatch(uid, [{ rowIndex: 0, layout: null, variables: { name: 'Kept' } }]);
    expect((await htmlOf(second))[0]).toContain(face);

    // Announced (as the asset routes do): the very next item reads the list afresh.
    await owners.changed(owner.ownerId, ['fonts']);
    const third = await runBatch(uid, [{ rowIndex: 0, layout: null, variables: { name: 'Gone' } }]);
    expect((await htmlOf(third))[0]).toBe(`<p style="font-family:'Brand Sans'">Gone</p>`);
  });
});
