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

/** A password-reset link that is unknown, used (it works once) or expired. */
export class InvalidResetTokenError extends Error {
  constructor() {
    super('the password reset link is not valid: it was used already or has expired');
    this.name = 'InvalidResetTokenError';
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

/**
 * The team's only owner tried to leave or give up the role: a team keeps at least one owner. Not a question of
 * rights (an owner may do both once another member is an owner), so the gateway answers 409, not 403.
 */
export class LastOwnerError extends Error {
  constructor(readonly action: 'leave' | 'demote') {
    super(
      action === 'leave'
        ? 'You are the only owner of this team, and a team keeps at least one owner: make another member an owner before you leave.'
        : 'You are the only owner of this team, and a team keeps at least one owner: make another member an owner before you give up the role.',
    );
    this.name = 'LastOwnerError';
  }
}
