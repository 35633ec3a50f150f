import type { Account } from '@pressroom/db';
import type { AuthContext } from './auth.js';
import { refusalToKeep } from './refusal-log.js';

const auth: AuthContext = { account: { id: 'acc_1' } as Account, keyId: 'key_1', ownerId: 'acc_1' };
const notFound = { status: 404, slug: 'not-found' as const };

describe('which answers the refused-requests log keeps', () => {
  it('keeps 4xx answers to a known caller', () => {
    expect(refusalToKeep({ method: 'POST', path: '/image', auth }, { status: 400, slug: 'validation-error' })).toEqual({ auth });
    expect(refusalToKeep({ method: 'GET', path: '/renders/img_x', auth }, notFound)).toEqual({ auth });
    expect(refusalToKeep({ method: 'POST', path: '/image', auth }, { status: 429, slug: 'rate-limit' })).toEqual({ auth });
  });

  it('leaves out server errors and callers without an account', () => {
    expect(refusalToKeep({ method: 'POST', path: '/image', auth }, { status: 500, slug: 'internal-error' })).toBeNull();
    expect(refusalToKeep({ method: 'POST', path: '/image', auth: undefined }, { status: 401, slug: 'missing-auth' })).toBeNull();
  });

  it('leaves out the dashboard’s "not set" answers, with or without /v1 and a trailing slash, and only for GET 404s', () => {
    for (const path of ['/custom-storage', '/v1/custom-storage', '/custom-storage/', '/account/url-signing-secret']) {
      expect(refusalToKeep({ method: 'GET', path, auth }, notFound)).toBeNull();
    }
    expect(refusalToKeep({ method: 'DELETE', path: '/custom-storage', auth }, notFound)).toEqual({ auth });
    expect(refusalToKeep({ method: 'PUT', path: '/custom-storage', auth }, { status: 400, slug: 'validation-error' })).toEqual({ auth });
  });

  it('leaves out the dashboard session’s own refused reads, keeping its refused writes and every key’s reads', () => {
    const session: AuthContext = { ...auth, keyId: null };
    const tooLong = { status: 400, slug: 'validation-error' as const };
    expect(refusalToKeep({ method: 'GET', path: '/renders', auth: session }, tooLong)).toBeNull();
    expect(refusalToKeep({ method: 'HEAD', path: '/renders/img_x', auth: session }, notFound)).toBeNull();
    expect(refusalToKeep({ method: 'POST', path: '/image', auth: session }, tooLong)).toEqual({ auth: session });
    expect(refusalToKeep({ method: 'GET', path: '/renders', auth }, tooLong)).toEqual({ auth });
  });
});
