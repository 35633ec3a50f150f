import type { AddressInfo } from 'node:net';
import { shutdownGraceMs } from '@pressroom/config';
import { createSecretBox } from '@pressroom/db';
import { drainableServer, drainRequests, runService } from '@pressroom/service-runner';
import { startOpsServer } from '@pressroom/telemetry';
import { createGatewayApp } from './app.js';
import { gatewayEnv, gatewaySettings } from './config.js';
import { applyKeepAlive } from './http/keep-alive.js';
import { gatewayTopology } from './topology.js';

/** The gateway as its own process: its API serves /health itself. */
await runService({
  name: 'gateway',
  env: gatewayEnv,
  topology: gatewayTopology,
  http: 'own',
  requirements: (env) =>
    env.PRESSROOM_SECRET_KEY
      ? []
      : ['PRESSROOM_SECRET_KEY is required: it seals webhook signing secrets (use the same value on the dispatcher)'],
  async start({ env, bus, db, storage, customStorage, owners, guard, logger, health }) {
    const app = createGatewayApp({
      db,
      bus,
      storage,
      customStorage,
      owners,
      guard,
      logger,
      settings: gatewaySettings(env),
      secretBox: createSecretBox(env.PRESSROOM_SECRET_KEY!),
      health,
    });
    const server = app.listen(env.PORT);
    applyKeepAlive(server, env.PRESSROOM_HTTP_KEEPALIVE_MS);
    const api = drainableServer(server);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    // Metrics and probes on their own port: never reachable through the public ingress.
    const ops = await startOpsServer({ port: env.PRESSROOM_OPS_PORT, health });
    logger.info({ port: (server.address() as AddressInfo).port, opsPort: (ops.address() as AddressInfo).port }, 'gateway listening');
    return {
      health: () => ({}),
      /**
       * On SIGTERM (docs/operations.md#shutdown, docs/adr/0068): /readyz and /health already answer 503 (the
       * runner); new connections are refused; requests in flight, a client waiting for its render included, finish
       * within the grace (PRESSROOM_SHUTDOWN_GRACE_MS, 320 s: a held video request) and their connections close
       * after them; what still runs then is cut. The ops port stays up until then, for the probes.
       */
      async stop(options) {
        await drainRequests(api, { graceMs: options?.graceMs ?? shutdownGraceMs('gateway'), logger });
        await new Promise<void>((resolve) => ops.close(() => resolve()));
      },
    };
  },
});
