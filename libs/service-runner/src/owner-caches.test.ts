import { createBus, type Bus } from '@pressroom/bus';
import type { OwnerPlan } from '@pressroom/db';
import { TEST_NATS_URL, uniqueNamespace, waitFor } from '@pressroom/testing';
import { createLogger } from '@pressroom/telemetry';
import { createOwnerCaches, type OwnerCaches } from './owner-caches.js';

const logger = createLogger({ service: 'owner-caches-test', level: 'silent' });
const plan = (name: OwnerPlan['plan']): OwnerPlan => ({
  ownerId: 'acc_a',
  plan: name,
  limits: { perMinute: 1, perDay: 1, renderCredits: 1, aiCredits: 1 },
  overage: false,
});

const eventually = (check: () => Promise<boolean>) => waitFor(check, 'the other cache to hear of the change', 5_000);

describe.each(['memory', 'nats'] as const)('owner caches over the %s bus', (transport) => {
  let buses: Bus[] = [];
  let here: OwnerCaches;
  let there: OwnerCaches;

  beforeAll(async () => {
    const namespace = uniqueNamespace('owners');
    if (transport === 'nats') {
      // Two connections: a gateway and a renderer in two processes.
      buses = [
        await createBus({ natsUrl: TEST_NATS_URL, namespace, logger, name: 'owners-here' }),
        await createBus({ natsUrl: TEST_NATS_URL, namespace, logger, name: 'owners-there' }),
      ];
    } else {
      const bus = await createBus({ namespace, logger });
      buses = [bus, bus];
    }
    here = createOwnerCaches({ bus: buses[0]!, logger });
    there = createOwnerCaches({ bus: buses[1]!, logger });
    await here.listen();
    await there.listen();
  }, 120_000);
  afterAll(async () => {
    await here.stop();
    await there.stop();
    for (const bus of new Set(buses)) await bus.close();
  }, 120_000);

  it('drops what changed for that owner in every process: at once here, over the bus there', async () => {
    let stored: OwnerPlan['plan'] = 'free';
    const read = () => Promise.resolve(plan(stored));
    await here.plans.get('acc_a', read);
    await there.plans.get('acc_a', read);
    await there.fonts.get('acc_a', () => Promise.resolve([]));
    await there.plans.get('acc_b', () => Promise.resolve(plan('pro')));
    stored = 'business';

    await here.changed('acc_a', ['plan']);
    expect((await here.plans.get('acc_a', read)).plan).toBe('business');
    await eventually(async () => (await there.plans.get('acc_a', read)).plan === 'business');
    // Only the plan of that owner: the font list and the other owner stay.
    expect(there.fonts.size).toBe(1);
    expect((await there.plans.get('acc_b', () => Promise.resolve(plan('free')))).plan).toBe('pro');
  });

  it('drops the webhook subscriptions of that owner on `webhooks` only', async () => {
    let loads = 0;
    const routes = () => Promise.resolve([{ uid: `whk_${++loads}`, event: 'render.completed', filters: {} }]);
    let fontLoads = 0;
    const fonts = () => Promise.resolve((fontLoads++, []));
    await there.webhooks.get('acc_w', routes);
    await there.fonts.get('acc_w', fonts);
    await here.changed('acc_w', ['fonts']);
    await eventually(async () => (await there.fonts.get('acc_w', fonts), fontLoads === 2));
    expect((await there.webhooks.get('acc_w', routes))[0]!.uid).toBe('whk_1');
    await here.changed('acc_w', ['webhooks']);
    await eventually(async () => (await there.webhooks.get('acc_w', routes))[0]!.uid === 'whk_2');
  });

  it('runs the hooks registered for a kind of change (the URL-render memo on `templates`)', async () => {
    const dropped: string[] = [];
    there.onDrop('templates', (ownerId) => dropped.push(ownerId));
    await here.changed('acc_t', ['templates', 'custom-storage']);
    await eventually(() => Promise.resolve(dropped.includes('acc_t')));
  });
});
