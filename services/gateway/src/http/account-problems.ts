import {
  AccountLockedError,
  DuplicateError,
  InvalidCredentialsError,
  InvalidResetTokenError,
  LastOwnerError,
  NotFoundError,
  PASSWORD_RESET_TTL_MS,
  PermissionError,
  SignUpRefusedError,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { plural } from '@pressroom/contracts/plural';

/** The account domain's typed errors as problems (called by the problem middleware). */
export function fromAccountError(error: unknown): ProblemError | null {
  if (error instanceof InvalidCredentialsError) {
    if (error.field === 'currentPassword') {
      const message = 'This is not your current password.';
      return new ProblemError('invalid-credentials', { detail: message, errors: [{ field: 'currentPassword', message }] });
    }
    return new ProblemError('invalid-credentials', { detail: 'The email or password is not correct.' });
  }
  if (error instanceof AccountLockedError) {
    const seconds = Math.max(1, Math.ceil((error.until.getTime() - Date.now()) / 1000));
    return new ProblemError('account-locked', {
      detail: `Too many wrong passwords in a row: sign-in is locked for ${plural(Math.ceil(seconds / 60), 'more minute')}.`,
      headers: { 'Retry-After': String(seconds) },
      extensions: { lockedUntil: error.until.toISOString() },
    });
  }
  if (error instanceof InvalidResetTokenError) {
    const message = `This reset link is no longer valid: a link works once, within ${PASSWORD_RESET_TTL_MS / 60_000} minutes of being sent.`;
    return new ProblemError('not-found', { detail: message, errors: [{ field: 'token', message }] });
  }
  if (error instanceof SignUpRefusedError) {
    if (error.field === 'email') {
      return new ProblemError('conflict', { detail: error.message, errors: [{ field: 'email', message: error.message }] });
    }
    if (error.field === 'inviteToken') return new ProblemError('invalid-invite', { detail: error.message });
    return new ProblemError('signup-closed', { detail: error.message });
  }
  // The team's state, not the caller's rights, refuses it: 409 as documented for these routes.
  if (error instanceof LastOwnerError) return new ProblemError('conflict', { detail: error.message });
  if (error instanceof PermissionError) return new ProblemError('forbidden', { detail: error.message });
  if (error instanceof NotFoundError) {
    // The entity is a noun as libs/db names it ('team member'): capitalised, it starts the sentence.
    return new ProblemError('not-found', {
      detail: `${error.entity.charAt(0).toUpperCase()}${error.entity.slice(1)} ${error.value} does not exist.`,
    });
  }
  if (error instanceof DuplicateError) return new ProblemError('conflict', { detail: error.message });
  return null;
}
