import { MIN_PASSWORD_LENGTH } from '@pressroom/contracts';
import type { Dispatch, SetStateAction } from 'react';
import { TextField } from '../../kit/field';
import type { ApiError } from '../../api/problem';
import { fieldError } from '../../kit/form';
import { emailProblem, newPasswordProblem, PASSWORD_LENGTHS, unsent } from './account-input';

export interface Credentials {
  email: string;
  password: string;
}

/** The body fields these inputs show errors for (the Form shows any others at its top). */
export const CREDENTIAL_FIELDS = ['email', 'password'] as const;

/**
 * A sign-in refused before it is sent: an empty or over-long password, and an empty, malformed or over-long email (as
 * every page words them, account-input.ts), said in the dashboard's own words beside its field, instead of the API's
 * "`password` is required." next to the email's plain sentence.
 */
export function unsentSignIn(credentials: Credentials): ApiError | null {
  return unsent({
    email: emailProblem(credentials.email),
    password: credentials.password ? newPasswordProblem(credentials.password) : 'Enter your password.',
  });
}

/**
 * Email and password, labelled, with the autocomplete hints password managers need: signing in fills the
 * saved password, signing up offers to generate and save a new one. Each shows its API error under it.
 */
export function CredentialsFields({
  value,
  onChange,
  error,
  purpose,
  invitedEmail = null,
}: {
  value: Credentials;
  /** The state setter: updates apply to the latest value, so quick successive inputs never undo each other. */
  onChange: Dispatch<SetStateAction<Credentials>>;
  /** The last failed request (ApiError), or null. */
  error: unknown;
  purpose: 'sign-in' | 'sign-up';
  /**
   * The address an invitation is for: only that address may accept it (the server refuses another), so the email is
   * shown read-only with why, instead of an editable field that could only lead to that refusal.
   */
  invitedEmail?: string | null;
}) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={invitedEmail ?? value.email}
        onChange={(e) => {
          const email = e.target.value;
          onChange((current) => ({ ...current, email }));
        }}
        error={fieldError(error, 'email')}
        {...(invitedEmail !== null ? { readOnly: true, hint: 'The invitation is for this address, so it cannot be changed here.' } : {})}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={purpose === 'sign-in' ? 'current-password' : 'new-password'}
        required
        value={value.password}
        onChange={(e) => {
          const password = e.target.value;
          onChange((current) => ({ ...current, password }));
        }}
        error={fieldError(error, 'password')}
        {...(purpose === 'sign-up' ? { hint: PASSWORD_LENGTHS, minLength: MIN_PASSWORD_LENGTH } : {})}
      />
    </>
  );
}
