// Typed refusals of the sign-in, sign-up and team operations; the gateway maps each to one problem.

export class InvalidCredentialsError extends Error {
  /** `currentPassword`: a signed-in person's password check (changing it) failed, not a sign-in. */
  constructor(readonly field?: 'currentPassword') {
    super(field ? 'the current password is not correct' : 'the email or password is not correct');
    this.name = 'InvalidCredentialsError';
  }
}

export class AccountLockedError extends Error {
  constructor(readonly until: Date) {
    super(`the account is locked until ${until.toISOString()} after repeated failed sign-ins`);
    this.name = 'AccountLockedError';
  }
}

/** Sign-up is closed, invite-only without a valid invite, or the email is taken. */
export class SignUpRefusedError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'SignUpRefusedError';
  }
}

/** The user's role does not allow the operation (a member removing someone, say). */
export class PermissionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermissionError';
  }
}
