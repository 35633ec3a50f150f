import { z } from 'zod';
import { opsHostEnv, opsPortEnv } from './fragments.js';

describe('the ops port settings', () => {
  const ops = z.object({ ...opsPortEnv, ...opsHostEnv });

  it('default to port 9464 on loopback: `make run` keeps /metrics and /readyz off the network', () => {
    expect(ops.parse({})).toEqual({ PRESSROOM_OPS_PORT: 9464, PRESSROOM_OPS_HOST: '127.0.0.1' });
  });

  it('take an interface to open them on (the container image sets 0.0.0.0), never an empty one', () => {
    expect(ops.parse({ PRESSROOM_OPS_HOST: '0.0.0.0' }).PRESSROOM_OPS_HOST).toBe('0.0.0.0');
    expect(ops.safeParse({ PRESSROOM_OPS_HOST: ' ' }).success).toBe(false);
  });
});
