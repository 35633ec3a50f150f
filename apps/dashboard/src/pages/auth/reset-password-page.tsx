import { MIN_PASSWORD_LENGTH } from '@pressroom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authKeys, checkPasswordReset, completePasswordReset } from '../../api/auth';
import { ApiError } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { AuthCard } from './auth-card';
import { newPasswordProblem, PASSWORD_LENGTHS, unsent } from './account-input';
import type { PasswordResetDone } from './sign-in-page';

/**
 * Where the mailed reset link opens (`/reset-password#<token>`: the fragment never reaches a server). A new password
 * with the sign-up rules; then sign-in, every other session having ended. The link is checked when the page opens, so
 * a used or expired one is said at once, with the way on, instead of after a new password is typed.
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
  // Only the API's "no longer valid" (naming `token`) hides the form: when the check itself fails (too many requests,
  // the network), the form stays and setting the password says what is wrong.
  const deadWhenOpened = check.error instanceof ApiError ? check.error.fieldError('token') : undefined;
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
  // A spent or expired link: said once, above the form, with the way on (a new link).
  const spent = submit.error instanceof ApiError ? submit.error.fieldError('token') : undefined;
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
      ) : deadWhenOpened ? (
        <Alert>
          {deadWhenOpened} {askAgain}.
        </Alert>
      ) : (
        <Form label="Choose a new password" onSubmit={() => submit.mutate()} error={spent ? null : submit.error} fields={['newPassword']}>
          {spent && (
            <Alert>
              {spent} {askAgain}.
            </Alert>
          )}
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
