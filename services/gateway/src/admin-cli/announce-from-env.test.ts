import { createBus } from '@pressroom/bus';
import { CATALOG, type OwnerChanged } from '@pressroom/contracts';
import { TEST_NATS_URL, uniqueNamespace, waitFor } from '@pressroom/testing';
import { createLogger } from '@pressroom/telemetry';
import { announcerFromEnv } from './announce-from-env.js';

describe('the admin CLI telling running services that an owner changed', () => {
  it('publishes owner.changed on NATS in the services’ namespace when NATS_URL is set', async () => {
    const namespace = uniqueNamespace('cli');
    const service = await createBus({ natsUrl: TEST_NATS_URL, namespace, logger: createLogger({ service: 't', level: 'silent' }) });
    const heard: OwnerChanged[] = [];
    await service.listen(CATALOG.ownerChanged, '*', (message) => heard.push(message));
    const announcer = announcerFromEnv({ NATS_URL: TEST_NATS_URL, PRESSROOM_BUS_NAMESPACE: namespace });
    try {
      await announcer.announce('acc_cli', ['plan']);
      await waitFor(() => heard.length > 0, 'the announcement');
      expect(heard).toEqual([{ ownerId: 'acc_cli', what: ['plan'] }]);
    } finally {
      await announcer.close();
      await service.close();
    }
  }, 120_000);

  it('does nothing without NATS_URL, and only warns when the bus cannot be reached (the change is made already)', async () => {
    await expect(announcerFromEnv({}).announce('acc_cli', ['plan'])).resolves.toBeUndefined();
    const warnings: string[] = [];
    const unreachable = announcerFromEnv({ NATS_URL: 'nats://127.0.0.1:9' }, (line) => warnings.push(line));
    await unreachable.announce('acc_cli', ['plan']);
    await unreachable.close();
    expect(warnings).toEqual([expect.stringMatching(/^warning: running services were not told/)]);
  }, 120_000);
});
