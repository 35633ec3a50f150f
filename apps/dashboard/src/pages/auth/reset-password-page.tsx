import { MIN_PASSWORD_LENGTH } from '@pressroom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authKeys, checkPasswordReset, completePasswordReset } from '../../api/auth';
import { ApiError } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { useOnReturn } from '../../kit/use-on-return';
import { AuthCard } from './auth-card';
import { newPasswordProblem, PASSWORD_LENGTHS, unsent } from './account-input';
import type { PasswordResetDone } from './sign-in-page';

/**
 * How long a check of the link holds: coming back to the page sooner asks no new one. Checks are counted with the
 * other reset requests (a few a minute from one address), which someone flicking between tabs must not use up before
 * setting the password.
 */
const RECHECK_AFTER_MS = 10_000;

/** The API's "this link is no longer valid" (a 404 naming `token`), from the check or from setting the password. */
const deadLinkProblem = (error: unknown): string | undefined => (error instanceof ApiError ? error.fieldError('token') : undefined);

/**
 * Where the mailed reset link opens (`/reset-password#<token>`: the fragment never reaches a server). A new password
 * with the sign-up rules; then sign-in, every other session having ended. The link is checked when the page opens, so
 * a used or expired one is said at once, with the way on, instead of after a new password is typed; and again when
 * the person comes back to the page, since a link can die while the form is open (it expires, or is used in another
 * tab). Setting the password with a dead link says it the same way.
 */
export default function ResetPasswordPage() {
  const [token] = useState(() => decodeURIComponent(window.location.hash.slice(1)));
  const [newPassword, setNewPassword] = useState('');
  const check = useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () => checkPasswordReset(token),
    enabled: token !== '',
    retry: false,
  });
  const navigate = useNavigate();
  const client = useQueryClient();
  const submit = useMutation({
    mutationFn: () => {
      const refused = unsent({ newPassword: newPasswordProblem(newPassword) });
      return refused ? Promise.reject(refused) : completePasswordReset({ token, newPassword });
    },
    onSuccess: async ({ email }) => {
      // This browser's own session (if it had one) ended too.
      client.clear();
      const done: PasswordResetDone = { passwordReset: { email } };
      await navigate('/sign-in', { replace: true, state: done });
    },
  });
  // Only the API's "no longer valid" hides the form: when a check itself fails (too many requests, the network), the
  // form stays and setting the password says what is wrong. A link never comes back to life: once dead, it stays so.
  const dead = deadLinkProblem(check.error) ?? deadLinkProblem(submit.error);
  const formShown = token !== '' && !check.isPending && !dead;
  useOnReturn(() => {
    const checkedAt = Math.max(check.dataUpdatedAt, check.errorUpdatedAt);
    // Not cancelling a check under way: a tab switch both shows the tab and focuses the window.
    if (Date.now() - checkedAt >= RECHECK_AFTER_MS) void check.refetch({ cancelRefetch: false });
  }, formShown && !submit.isPending);
  // The form gives way to the notice while someone may be in it: focus goes to the notice, not to the page's start.
  const hadForm = useRef(false);
  const deadNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formShown) hadForm.current = true;
    else if (dead && hadForm.current) deadNotice.current?.focus();
  }, [formShown, dead]);
  const askAgain = (
    <Link className="text-indigo-700 underline" to="/forgot-password">
      Ask for a new link
    </Link>
  );
  return (
    <AuthCard title="Choose a new password">
      {!token ? (
        <Alert tone="info">This page opens from the link in a password-reset mail, which is missing here. {askAgain}.</Alert>
      ) : check.isPending ? (
        <p className="text-sm text-slate-600">Checking the link…</p>
      ) : dead ? (
        <div ref={deadNotice} tabIndex={-1} className="outline-none">
          <Alert>
            {dead} {askAgain}.
          </Alert>
        </div>
      ) : (
        <Form label="Choose a new password" onSubmit={() => submit.mutate()} error={submit.error} fields={['newPassword']}>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            hint={`${PASSWORD_LENGTHS} Every browser signed in to your account is signed out.`}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            error={fieldError(submit.error, 'newPassword')}
          />
          <Button type="submit" busy={submit.isPending}>
            Set new password
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
