import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { AccountLockedError, InvalidCredentialsError, InvalidResetTokenError } from './auth-errors.js';
import {
  checkPasswordReset,
  completePasswordReset,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESETS_PER_USER,
  requestPasswordReset,
} from './password-resets.js';
import { createSession, resolveSession } from './sessions.js';
import { createUser, signInWithPassword } from './users.js';

const policy = { maxFailures: 2, lockMs: 15 * 60_000 };

describe.each(ENGINES)('password reset links (%s)', (engine) => {
  const db = useDatabase(engine);
  const newUser = async () => createUser(db(), { email: `${unique('reset')}@Example.com`, password: 'the old password' });

  it('a link sets a new password once, lifts the lockout and signs every session out', async () => {
    const user = await newUser();
    const session = await createSession(db(), { userId: user.id, accountId: user.personalAccountId, ttlMs: 60_000 });
    for (let i = 0; i < policy.maxFailures; i++) {
      await signInWithPassword(db(), { email: user.email, password: 'wrong guess', policy }).catch(() => {});
    }
    await expect(signInWithPassword(db(), { email: user.email, password: 'the old password', policy })).rejects.toThrow(AccountLockedError);

    // Any spelling of the address finds the account; the link expires after PASSWORD_RESET_TTL_MS.
    const now = new Date();
    const issued = (await requestPasswordReset(db(), { email: `  ${user.email.toUpperCase()} `, now }))!;
    expect(issued.user.id).toBe(user.id);
    expect(issued.expiresAt.getTime() - now.getTime()).toBe(PASSWORD_RESET_TTL_MS);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const done = await completePasswordReset(db(), { token: issued.token, newPassword: 'a brand new password' });
    expect(done.id).toBe(user.id);
    expect(await resolveSession(db(), session.token)).toBeNull();
    // Not locked any more, and only the new password works.
    await expect(signInWithPassword(db(), { email: user.email, password: 'the old password', policy })).rejects.toThrow(
      InvalidCredentialsError,
    );
    expect((await signInWithPassword(db(), { email: user.email, password: 'a brand new password', policy })).id).toBe(user.id);
    // Single use.
    await expect(completePasswordReset(db(), { token: issued.token, newPassword: 'yet another password' })).rejects.toThrow(
      InvalidResetTokenError,
    );
  });

  it('unknown emails get no link; expired and unknown tokens are refused; a reset spends every link of the user', async () => {
    expect(await requestPasswordReset(db(), { email: 'nobody-here@example.com' })).toBeNull();
    await expect(completePasswordReset(db(), { token: 'not-a-token', newPassword: 'a brand new password' })).rejects.toThrow(
      InvalidResetTokenError,
    );

    const user = await newUser();
    const past = new Date(Date.now() - PASSWORD_RESET_TTL_MS - 1_000);
    const expired = (await requestPasswordReset(db(), { email: user.email, now: past }))!;
    await expect(completePasswordReset(db(), { token: expired.token, newPassword: 'a brand new password' })).rejects.toThrow(
      InvalidResetTokenError,
    );

    const first = (await requestPasswordReset(db(), { email: user.email }))!;
    const second = (await requestPasswordReset(db(), { email: user.email }))!;
    await completePasswordReset(db(), { token: second.token, newPassword: 'a brand new password' });
    await expect(completePasswordReset(db(), { token: first.token, newPassword: 'another new password' })).rejects.toThrow(
      InvalidResetTokenError,
    );
  });

  it('a link is checked without being spent: usable until used or expired, unknown tokens refused alike', async () => {
    const user = await newUser();
    const now = new Date();
    const { token } = (await requestPasswordReset(db(), { email: user.email, now }))!;
    // Checking twice still leaves it usable (opening the page again is not using the link).
    await expect(checkPasswordReset(db(), { token, now })).resolves.toBeUndefined();
    await expect(checkPasswordReset(db(), { token, now })).resolves.toBeUndefined();
    const expiredAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
    await expect(checkPasswordReset(db(), { token, now: expiredAt })).rejects.toThrow(InvalidResetTokenError);
    await expect(checkPasswordReset(db(), { token: 'not-a-token' })).rejects.toThrow(InvalidResetTokenError);
    await completePasswordReset(db(), { token, newPassword: 'a brand new password' });
    await expect(checkPasswordReset(db(), { token })).rejects.toThrow(InvalidResetTokenError);
  });

  it(`at most ${PASSWORD_RESETS_PER_USER} live links per user: more requests mail nothing`, async () => {
    const user = await newUser();
    const issued = [];
    for (let i = 0; i < PASSWORD_RESETS_PER_USER; i++) issued.push(await requestPasswordReset(db(), { email: user.email }));
    expect(issued.every((r) => r !== null)).toBe(true);
    expect(await requestPasswordReset(db(), { email: user.email })).toBeNull();
    // Once they expire, the person may ask again.
    const later = new Date(Date.now() + PASSWORD_RESET_TTL_MS + 1_000);
    expect(await requestPasswordReset(db(), { email: user.email, now: later })).not.toBeNull();
  });

  it('two uses of one link at once: exactly one sets the password', async () => {
    const user = await newUser();
    const { token } = (await requestPasswordReset(db(), { email: user.email }))!;
    const results = await Promise.allSettled([
      completePasswordReset(db(), { token, newPassword: 'first new password' }),
      completePasswordReset(db(), { token, newPassword: 'second new password' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => r.reason)).toEqual([expect.any(InvalidResetTokenError)]);
  });
});
