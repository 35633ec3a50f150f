import { connect } from 'node:net';
import { runInNewContext } from 'node:vm';
import { freePort } from './free-port.js';
import { codeOf, isError, NETWORK_CODES } from './socket-errors.js';

/** A refused connection's error as Node makes it: in Node's realm, not in the vm context jest runs this file in. */
async function refusedConnection(): Promise<unknown> {
  const port = await freePort();
  return new Promise((resolve) => connect({ host: '127.0.0.1', port }).on('error', resolve));
}

describe('socket errors from any realm', () => {
  it('knows an Error made in another realm, which is not `instanceof` this one', () => {
    const foreign: unknown = runInNewContext("Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })");
    expect(foreign instanceof Error).toBe(false);
    expect(isError(foreign)).toBe(true);
    expect(codeOf(foreign)).toBe('ECONNREFUSED');
    expect(NETWORK_CODES.has(codeOf(foreign)!)).toBe(true);
  });

  it("reads Node's own refused connection", async () => {
    const error = await refusedConnection();
    expect(isError(error)).toBe(true);
    expect(codeOf(error)).toBe('ECONNREFUSED');
    expect((error as Error).message).toMatch(/ECONNREFUSED 127\.0\.0\.1:\d+/);
  });

  it("takes an AggregateError's first code (localhost tried over IPv6 and IPv4), from another realm too", () => {
    const both: unknown = runInNewContext(
      "new AggregateError([Object.assign(new Error('v6'), { code: 'ECONNREFUSED' }), Object.assign(new Error('v4'), { code: 'ETIMEDOUT' })], '')",
    );
    expect(isError(both)).toBe(true);
    expect(codeOf(both)).toBe('ECONNREFUSED');
    expect(codeOf(new AggregateError([new Error('no code')]))).toBeUndefined();
  });

  it('is not fooled by values that only look like errors', () => {
    expect(isError({ message: 'refused', code: 'ECONNREFUSED' })).toBe(false);
    expect(isError('ECONNREFUSED')).toBe(false);
    expect(codeOf({ code: 42 })).toBeUndefined();
    expect(codeOf(null)).toBeUndefined();
    expect(NETWORK_CODES.has('ENOENT')).toBe(false);
  });
});
