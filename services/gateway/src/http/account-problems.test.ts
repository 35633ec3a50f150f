import { AccountLockedError } from '@pressroom/db';
import { fromAccountError } from './account-problems.js';

describe('account problems', () => {
  it('says how long sign-in stays locked in whole minutes, in proper singular and plural', () => {
    const lockedFor = (ms: number) => fromAccountError(new AccountLockedError(new Date(Date.now() + ms)));
    const one = lockedFor(45_000);
    expect(one?.status).toBe(423);
    expect(one?.detail).toBe('Too many wrong passwords in a row: sign-in is locked for 1 more minute.');
    expect(lockedFor(14 * 60_000 + 30_000)?.detail).toBe('Too many wrong passwords in a row: sign-in is locked for 15 more minutes.');
  });
});
