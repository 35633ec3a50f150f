/** The settings a warning below looks at (every service schema has them: commonEnv). */
export interface DeploymentEnv {
  NATS_URL?: string | undefined;
  PRESSROOM_STORAGE: 'disk' | 'nats' | 's3';
}

/**
 * Settings that parse but are probably not what a distributed deployment wants: logged as warnings at
 * start, never refused (one host with a shared volume is a valid setup).
 */
export function deploymentWarnings(env: DeploymentEnv): string[] {
  const warnings: string[] = [];
  if (env.NATS_URL && env.PRESSROOM_STORAGE === 'disk') {
    warnings.push(
      'NATS_URL is set but PRESSROOM_STORAGE=disk: each process keeps rendered files under its own PRESSROOM_DATA_DIR, so ' +
        'services on separate hosts or containers cannot serve the files the others wrote; use PRESSROOM_STORAGE=nats or s3, or ' +
        'one volume mounted by every service (docs/storage.md)',
    );
  }
  return warnings;
}
