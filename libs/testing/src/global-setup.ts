import { ensureNats, ensurePostgres } from './services.js';

/** Jest global setup: the real PostgreSQL and NATS servers the suites talk to. */
export default async function globalSetup(): Promise<void> {
  await Promise.all([ensurePostgres(), ensureNats()]);
}
