import { z } from 'zod';
import { createBus, type Bus } from '@pressroom/bus';
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
export function announcerFromEnv(
  source: NodeJS.ProcessEnv = process.env,
  warn: (line: string) => void = (line) => console.error(line),
): { announce: AnnounceChange; close(): Promise<void> } {
  const parsed = parseEnv('admin-cli', env, source);
  const natsUrl = parsed.NATS_URL;
  if (!natsUrl) return { announce: () => Promise.resolve(), close: () => Promise.resolve() };
  let bus: Promise<Bus> | null = null;
  return {
    // Connected only by a command that changes something cached; a bus that cannot be reached does not undo the change.
    async announce(ownerId, what) {
      try {
        bus ??= createBus({
          natsUrl,
          namespace: parsed.PRESSROOM_BUS_NAMESPACE,
          logger: createLogger({ service: 'admin-cli', level: 'warn' }),
          name: 'admin-cli',
        });
        await (await bus).notify(CATALOG.ownerChanged, ownerId, { ownerId, what: [...what] });
      } catch (error) {
        warn(`warning: running services were not told (${(error as Error).message}); they apply the change within their cache time`);
      }
    },
    async close() {
      await (await bus?.catch(() => null))?.close();
    },
  };
}
