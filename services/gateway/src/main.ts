import type { AddressInfo } from 'node:net';
import { createSecretBox } from '@pressroom/db';
import { runService } from '@pressroom/service-runner';
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
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    // Metrics and probes on their own port: never reachable through the public ingress.
    const ops = await startOpsServer({ port: env.PRESSROOM_OPS_PORT, health });
    logger.info({ port: (server.address() as AddressInfo).port, opsPort: (ops.address() as AddressInfo).port }, 'gateway listening');
    return {
      health: () => ({}),
      stop: () =>
        new Promise<void>((resolve) => {
          server.close(() => ops.close(() => resolve()));
          server.closeAllConnections();
        }),
    };
  },
});
