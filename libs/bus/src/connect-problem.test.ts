import { freePort } from '@pressroom/testing';
import { createLogger } from '@pressroom/telemetry';
import { createBus } from './create-bus.js';
import { natsConnectProblem } from './connect-problem.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:4222'), { code: 'ECONNREFUSED' });

describe('natsConnectProblem', () => {
  it('says where NATS_URL points, server by server, never a user, password or token', () => {
    const error = Object.assign(new Error('connection refused'), { name: 'ConnectionError', cause: refused() });
    expect(natsConnectProblem(error, 'nats://ops:s3cret@10.0.0.5:4222')).toBe(
      'cannot reach NATS at 10.0.0.5:4222 (NATS_URL): connection refused: connect ECONNREFUSED 10.0.0.5:4222',
    );
    const line = natsConnectProblem(error, 'nats://tok3n@a.example, b.example:4333,tls://c.example');
    expect(line).toMatch(/^cannot reach NATS at a\.example:4222, b\.example:4333, c\.example:4222 \(NATS_URL\): /);
    expect(line).not.toContain('tok3n');
  });

  it('reads a bare network error too, and names another connection when asked', () => {
    expect(natsConnectProblem(refused(), 'nats://10.0.0.5:4222', 'the NATS object store')).toBe(
      'cannot reach the NATS object store at 10.0.0.5:4222 (NATS_URL): connect ECONNREFUSED 10.0.0.5:4222',
    );
  });

  it('is null for errors that are not a connection failing, and without a NATS_URL', () => {
    expect(natsConnectProblem(new TypeError('x is not a function'), 'nats://h:1')).toBeNull();
    expect(natsConnectProblem(refused(), undefined)).toBeNull();
    expect(natsConnectProblem('a string', 'nats://h:1')).toBeNull();
  });

  it("reads the client's own error for a port nobody listens on", async () => {
    const port = await freePort();
    const url = `nats://ops:s3cret@127.0.0.1:${port}`;
    const logger = createLogger({ service: 'bus-test', level: 'silent' });
    const error = await createBus({ natsUrl: url, namespace: 'down', logger }).then(
      () => null,
      (failure: unknown) => failure,
    );
    const line = natsConnectProblem(error, url);
    expect(line).toMatch(new RegExp(`^cannot reach NATS at 127\\.0\\.0\\.1:${port} \\(NATS_URL\\): .+`));
    expect(line).not.toContain('s3cret');
  });
});
