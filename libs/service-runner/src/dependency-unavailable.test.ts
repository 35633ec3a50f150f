import { commonEnv, portEnv } from '@pressroom/config';
import { CATALOG } from '@pressroom/contracts';
import { createLogger } from '@pressroom/telemetry';
import { freePort, TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
import { z } from 'zod';
import { DependencyUnavailableError } from './adapters.js';
import { serviceEnv, startService, type ServiceDefinition } from './run-service.js';

const logger = createLogger({ service: 'runner-test', level: 'silent' });
const env = z.object({ ...commonEnv, ...portEnv(0) });
const definition: ServiceDefinition<z.infer<typeof env>> = {
  name: 'probe',
  env,
  topology: { consumes: [CATALOG.renderGif], publishes: [CATALOG.renderCompleted] },
  start: () => Promise.reject(new Error('never reached: a dependency is down')),
};

/** What run-service logs as its one fatal line and exits 1 with: the error startService rejects with. */
async function startFailure(variables: Record<string, string>): Promise<Error> {
  const error = await startService(definition, {
    env: serviceEnv(definition, { PRESSROOM_BUS_NAMESPACE: uniqueNamespace('down'), ...variables }),
    logger,
  }).then(
    () => {
      throw new Error('the service started');
    },
    (failure: unknown) => failure as Error,
  );
  return error;
}

describe('a service whose NATS or PostgreSQL is unreachable at start', () => {
  it('names NATS and where it points (without the credentials) in its one line', async () => {
    const port = await freePort();
    const error = await startFailure({ NATS_URL: `nats://ops:s3cret@127.0.0.1:${port}` });
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect(error.message).toMatch(new RegExp(`^cannot reach NATS at 127\\.0\\.0\\.1:${port} \\(NATS_URL\\): .+`));
    expect(error.message).not.toContain('s3cret');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('names the database and where it points (without the password), and closes the bus it had opened', async () => {
    const port = await freePort();
    const error = await startFailure({ NATS_URL: TEST_NATS_URL, DATABASE_URL: `postgres://ops:s3cret@127.0.0.1:${port}/pressroom` });
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect(error.message).toMatch(new RegExp(`^cannot open the database at 127\\.0\\.0\\.1:${port}/pressroom \\(DATABASE_URL\\): .+`));
    expect(error.message).not.toContain('s3cret');
    // The NATS connection opened first is closed again (jest's open-handle check would keep the run alive otherwise).
  });
});
