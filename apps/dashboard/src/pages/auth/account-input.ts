import { EmailAddress, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@pressroom/contracts';
import { refusedHere, type ApiError } from '../../api/problem';
import { tooLong } from '../../kit/too-long';

/*
 * The account forms' own checks (sign-up, sign-in, password reset, Account), made before anything is sent so each
 * field is refused in the dashboard's one wording (the API's too, libs/contracts textTooLong) and nothing is sent.
 */

/**
 * An email field's problem, the same words on every page that asks for one (sign-up, sign-in, Reset your password):
 * empty is asked for, malformed (whatever the API's own EmailAddress refuses) is called not valid.
 */
export function emailProblem(email: string): string | null {
  if (email.trim() === '') return 'Enter your email address.';
  if (email.trim().length > MAX_EMAIL_LENGTH) return tooLong(MAX_EMAIL_LENGTH);
  if (!EmailAddress.safeParse(email).success) return 'Enter a valid email address.';
  return null;
}

/**
 * A password over the length limit. Said for sign-in's password too: no account can have a longer one, so sending it
 * would only be refused.
 */
export function newPasswordProblem(password: string): string | null {
  return password.length > MAX_PASSWORD_LENGTH ? tooLong(MAX_PASSWORD_LENGTH) : null;
}

/** A name as the API keeps it: trimmed. */
export function nameProblem(name: string): string | null {
  return name.trim().length > MAX_NAME_LENGTH ? tooLong(MAX_NAME_LENGTH) : null;
}

/** The refusal of the fields whose problem is not null, as a failed request would show it; null when none has one. */
export function unsent(problems: Readonly<Record<string, string | null>>): ApiError | null {
  const refused = Object.entries(problems).flatMap(([field, message]) => (message === null ? [] : [{ field, message }]));
  return refused.length === 0 ? null : refusedHere(refused);
}

/** The password hint's rules, said before anything is refused. */
export const PASSWORD_LENGTHS = `At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_LENGTH}.`;
