import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Jest global setup: the real PostgreSQL and NATS servers the suites talk to,
 * started by the same script as `make run-cluster` when they are not running.
 * (Self-contained: jest loads this file outside the suites' module mapping.)
 */
export default function globalSetup(): void {
  const script = fileURLToPath(new URL('../../../deploy/scripts/services-up.sh', import.meta.url));
  execFileSync('bash', [script], { stdio: 'inherit' });
}
