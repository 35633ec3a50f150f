import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { authKeys, getAuthConfig, requestPasswordReset } from '../../api/auth';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { focusSectionHeading } from '../../kit/focus-section-heading';
import { fieldError, Form } from '../../kit/form';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { AuthCard } from './auth-card';
import { emailProblem, unsent } from './account-input';

/**
 * "Forgot password?" (docs/auth.md "Password reset"): with SMTP configured, a mailed single-use link; without, who
 * resets passwords on this instance and the exact command. The sign-in page hands over the email typed there.
 */
export default function ForgotPasswordPage() {
  const config = useQuery({ queryKey: authKeys.config, queryFn: getAuthConfig, retry: false });
  const [email, setEmail] = useState((useLocation().state as { email?: string } | null)?.email ?? '');
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <p>
          Remembered it?{' '}
          <Link className="text-indigo-700 underline" to="/sign-in">
            Sign in
          </Link>
        </p>
      }
    >
      <QueryState query={config}>
        {(cfg) => (cfg.passwordReset === 'email' ? <MailALink email={email} setEmail={setEmail} /> : <InstanceOwnerResets email={email} />)}
      </QueryState>
    </AuthCard>
  );
}

function MailALink({ email, setEmail }: { email: string; setEmail: (email: string) => void }) {
  const submit = useMutation({
    mutationFn: () => {
      const refused = unsent({ email: emailProblem(email) });
      return refused ? Promise.reject(refused) : requestPasswordReset(email);
    },
  });
  // The answer replaces the form, its button with it: focus goes to the answer instead of the page's body.
  const sent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submit.isSuccess) sent.current?.focus();
  }, [submit.isSuccess]);
  if (submit.isSuccess) {
    return (
      <>
        {/* The same answer whether or not an account uses the address: the page cannot tell anyone which exist. */}
        <div ref={sent} tabIndex={-1} className="outline-none">
          <Alert tone="success">
            If an account uses {submit.variables ?? email}, a link to reset its password is on its way. It works once, within{' '}
            {plural(submit.data.expiresInMinutes, 'minute')}.
          </Alert>
        </div>
        <p className="text-sm text-slate-700">
          No mail after a few minutes? Check the spam folder and the address, then{' '}
          <button
            type="button"
            className="text-indigo-700 underline"
            onClick={(e) => {
              // The form replaces this answer, the button with it: focus goes on to the page's heading, above the form.
              focusSectionHeading(e.currentTarget, { section: false });
              submit.reset();
            }}
          >
            ask again
          </button>
          . The instance owner can also reset it: <OwnerCommand email={email} />
        </p>
      </>
    );
  }
  return (
    <Form label="Reset your password" onSubmit={() => submit.mutate()} error={submit.error} fields={['email']}>
      <p className="text-sm text-slate-700">Enter the email you sign in with: we mail you a link to choose a new password.</p>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError(submit.error, 'email')}
      />
      <Button type="submit" busy={submit.isPending}>
        Email me a reset link
      </Button>
    </Form>
  );
}

/** Without mail, the owner resets it with the admin CLI (docs/auth.md), which also lifts a lockout. */
function InstanceOwnerResets({ email }: { email: string }) {
  return (
    <>
      <Alert tone="info">This Pressroom instance does not send email, so its owner resets passwords.</Alert>
      <p className="text-sm text-slate-800">
        Ask the person who runs it to run: <OwnerCommand email={email} />
      </p>
      <p className="text-sm text-slate-700">
        For an account made by signing up, the account is your email. The command prints a new password as its last line and lifts a
        lockout; sign in with it, then choose your own under Account.
      </p>
    </>
  );
}

function OwnerCommand({ email }: { email: string }) {
  const address = email.trim() || 'you@example.com';
  return (
    <code className="mt-1 block rounded bg-slate-100 px-2 py-1 font-mono text-xs wrap-anywhere text-slate-900">
      admin-cli users set-password {address} --email {address}
    </code>
  );
}
