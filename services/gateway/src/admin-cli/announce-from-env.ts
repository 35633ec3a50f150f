import { z } from 'zod';
import { createBus } from '@pressroom/bus';
import { commonEnv, parseEnv } from '@pressroom/config';
import { CATALOG } from '@pressroom/contracts';
import { createLogger } from '@pressroom/telemetry';
import type { AnnounceChange } from './commands.js';

const env = z.object({ NATS_URL: commonEnv.NATS_URL, PRESSROOM_BUS_NAMESPACE: commonEnv.PRESSROOM_BUS_NAMESPACE });

/**
 * How the CLI, writing to the database itself, tells running gateways and renderers that an owner's
 * settings changed: owner.changed on NATS when NATS_URL is set (the distributed services). Without
 * a bus there is no running process to tell (the embedded server answers commands on its admin
 * socket instead), except an embedded server on PostgreSQL, which sees the change within its cache TTL.
 */
export async function announcerFromEnv(
  source: NodeJS.ProcessEnv = process.env,
): Promise<{ announce: AnnounceChange; close(): Promise<void> }> {
  const parsed = parseEnv('admin-cli', env, source);
  if (!parsed.NATS_URL) return { announce: () => Promise.resolve(), close: () => Promise.resolve() };
  const logger = createLogger({ service: 'admin-cli', level: 'warn' });
  const bus = await createBus({ natsUrl: parsed.NATS_URL, namespace: parsed.PRESSROOM_BUS_NAMESPACE, logger, name: 'admin-cli' });
  return {
    announce: (ownerId, what) => bus.notify(CATALOG.ownerChanged, ownerId, { ownerId, what: [...what] }),
    close: () => bus.close(),
  };
}
