import type { Server } from 'node:http';
import { deploymentWarnings, parseEnv, shutdownGraceMs, storageSettings, type commonEnv, type portEnv } from '@pressroom/config';
import { flushTracing, startOpsServer, type ComponentHealth, type Logger } from '@pressroom/telemetry';
import type { z } from 'zod';
import { openAdapters, type Adapters } from './adapters.js';
import { closeOnSignal } from './close-on-signal.js';
import { shutdownReadiness } from './shutdown-readiness.js';
import { startProcess } from './start-process.js';
import type { ServiceTopology } from './topology.js';

/** The settings the runner itself reads; every service schema includes them (commonEnv + portEnv). */
type RunnerEnv = z.infer<z.ZodObject<typeof commonEnv & ReturnType<typeof portEnv>>>;

export interface ServiceStopOptions {
  /** The drain grace: how long the work in flight (renders, held requests) may take to finish. */
  graceMs: number;
}

/** A running service: what /health reports about it, and how it stops (before the adapters close). */
export interface RunningService {
  health(): Record<string, ComponentHealth>;
  /** Stop taking work at once; finish what is in flight within the grace, then hand back (or cut) the rest. */
  stop(options?: ServiceStopOptions): Promise<void>;
}

export interface ServiceContext<Env> extends Adapters {
  env: Env;
  logger: Logger;
}

export interface ServiceDefinition<Env extends RunnerEnv> {
  name: string;
  env: z.ZodType<Env>;
  topology: ServiceTopology;
  /** Settings this process cannot run without beyond the schema (e.g. a shared secret): one readable message per missing one. */
  requirements?: (env: Env) => string[];
  /**
   * 'ops' (default): the runner serves /health and /metrics on PORT.
   * 'own': the service serves HTTP on PORT itself (the gateway: its API carries /health).
   */
  http?: 'ops' | 'own';
  /** Handlers and whatever else the service runs, on the opened adapters. */
  start(context: ServiceContext<Env>): Promise<RunningService>;
}

export interface StartedService {
  logger: Logger;
  adapters: Adapters;
  /** The ops server (null when the service serves HTTP itself). */
  ops: Server | null;
  /** The drain grace `close()` gives the service: PRESSROOM_SHUTDOWN_GRACE_MS, or the service's default (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /**
   * Reports not ready at once (/readyz and /health answer 503, component `shutdown`), stops the
   * service within the grace, then the ops server, then the adapters.
   */
  close(options?: Partial<ServiceStopOptions>): Promise<void>;
}

/**
 * Config → adapters (with the declared streams) → handlers → ops server, as
 * a value (tests start services this way); `runService` adds the process part.
 * Throws a readable error for a configuration the process cannot run with.
 */
export async function startService<Env extends RunnerEnv>(
  definition: ServiceDefinition<Env>,
  options: { env: Env; logger: Logger },
): Promise<StartedService> {
  const { env, logger } = options;
  const missing = [
    ...(env.NATS_URL
      ? []
      : [`NATS_URL is required when the ${definition.name} service runs as its own process (use \`make run\` for the embedded mode)`]),
    ...(definition.requirements?.(env) ?? []),
  ];
  if (missing.length > 0) throw new Error(missing.join('\n'));
  for (const warning of deploymentWarnings(env)) logger.warn(warning);
  const adapters = await openAdapters({
    natsUrl: env.NATS_URL,
    namespace: env.PRESSROOM_BUS_NAMESPACE,
    natsReplicas: env.PRESSROOM_NATS_REPLICAS,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: `${env.PRESSROOM_DATA_DIR}/pglite`,
    migrate: env.PRESSROOM_MIGRATE,
    storage: storageSettings(env),
    allowPrivateHosts: env.PRESSROOM_ALLOW_PRIVATE_HOSTS,
    secretKey: env.PRESSROOM_SECRET_KEY,
    topology: definition.topology,
    logger,
  });
  const readiness = shutdownReadiness();
  const health = async (): Promise<Record<string, ComponentHealth>> => ({
    ...(await adapters.health()),
    ...readiness.health(),
  });
  let service: RunningService;
  try {
    service = await definition.start({ ...adapters, health, env, logger });
  } catch (error) {
    await adapters.close();
    throw error;
  }
  const ops =
    (definition.http ?? 'ops') === 'ops'
      ? await startOpsServer({ port: env.PORT, health: async () => ({ ...service.health(), ...(await health()) }) })
      : null;
  const graceMs = env.PRESSROOM_SHUTDOWN_GRACE_MS ?? shutdownGraceMs(definition.name);
  logger.info({ port: ops ? (ops.address() as { port: number }).port : env.PORT }, `${definition.name} service ready`);
  return {
    logger,
    adapters,
    ops,
    graceMs,
    async close(options = {}) {
      readiness.begin();
      const grace = options.graceMs ?? graceMs;
      const deadline = Date.now() + grace;
      await service.stop({ graceMs: grace });
      await new Promise<void>((resolve) => (ops ? ops.close(() => resolve()) : resolve()));
      // What is left of the grace for subscriptions the service did not stop itself.
      await adapters.close({ graceMs: Math.max(0, deadline - Date.now()) });
    },
  };
}

/** `main.ts` of every standalone service: parse the environment, start, and stop gracefully on SIGTERM/SIGINT. */
export async function runService<Env extends RunnerEnv>(definition: ServiceDefinition<Env>): Promise<void> {
  const { env, logger } = startProcess({ name: definition.name, env: definition.env });
  let started: StartedService;
  try {
    started = await startService(definition, { env, logger });
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    process.exit(1);
  }
  // The spans still buffered for the collector leave before the process does.
  closeOnSignal(logger, () => started.close().finally(() => flushTracing()), { graceMs: started.graceMs });
}

/** Parses an environment without exiting (tests build a service's env this way). */
export function serviceEnv<Env>(definition: { name: string; env: z.ZodType<Env> }, env: NodeJS.ProcessEnv): Env {
  return parseEnv(definition.name, definition.env, env);
}
