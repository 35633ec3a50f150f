import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authKeys, getAuthConfig, oidcStartUrl, signIn } from '../../api/auth';
import { BASE, safeReturnTo } from '../../app/return-to';
import { useForgetSignedOutData } from '../../app/session';
import { SignedOutOnly } from '../../app/signed-in-already';
import { InvitationNotice, invitationTokenOf, useInvitation } from '../teams/invitation-notice';
import { ApiError } from '../../api/problem';
import { Alert } from '../../kit/alert';
import { buttonClass, Button } from '../../kit/button';
import { Form } from '../../kit/form';
import { AuthCard } from './auth-card';
import { signUpOffer } from './sign-up-offer';
import { CREDENTIAL_FIELDS, CredentialsFields, unsentSignIn } from './credentials-fields';

/** What the reset-password page hands over (navigation state) after setting a new password. */
export interface PasswordResetDone {
  passwordReset: { email: string };
}

/** Someone already signed in goes on to where the link was heading (the Overview by default), not to a form. */
export default function SignInPage() {
  const [params] = useSearchParams();
  return (
    <SignedOutOnly to={safeReturnTo(params.get('returnTo'))}>
      <SignInForm />
    </SignedOutOnly>
  );
}

function SignInForm() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const navigate = useNavigate();
  const client = useQueryClient();
  useForgetSignedOutData();
  const config = useQuery({ queryKey: authKeys.config, queryFn: getAuthConfig, retry: false });
  const reset = (useLocation().state as Partial<PasswordResetDone> | null)?.passwordReset;
  const [credentials, setCredentials] = useState({ email: reset?.email ?? '', password: '' });
  // The session ended while a page was open (app/session.tsx): say so, rather than greet a first visit.
  const sessionEnded = params.get('reason') === 'session-ended';
  // Single sign-on comes back here with the reason when the server refused it (e.g. sign-up is closed).
  const ssoError = params.get('error');
  const submit = useMutation({
    mutationFn: () => {
      const unsent = unsentSignIn(credentials);
      return unsent ? Promise.reject(unsent) : signIn(credentials);
    },
    onSuccess: async () => {
      await client.resetQueries();
      void navigate(returnTo, { replace: true });
    },
  });
  const locked = submit.error instanceof ApiError && submit.error.status === 423;
  // An invitation link sends people here first: the page says what it invites to, and signing up carries its token.
  const inviteToken = invitationTokenOf(returnTo);
  const signUpUrl = `/sign-up?returnTo=${encodeURIComponent(returnTo)}${inviteToken ? `&invite=${inviteToken}` : ''}`;
  const offer = config.data && signUpOffer(config.data, inviteToken !== null);
  // An invitation for one email can be accepted only by that address: the form starts with it (unless typed already).
  const invitedEmail = useInvitation(inviteToken).data?.email ?? null;
  useEffect(() => {
    if (invitedEmail) setCredentials((now) => (now.email ? now : { ...now, email: invitedEmail }));
  }, [invitedEmail]);
  // A new instance has no account to sign in to: its first visitor goes straight to creating the owner.
  // Not with single sign-on, where the owner may come from the provider, nor when it sent back a refusal.
  if (config.data?.firstRun && !config.data.oidc.enabled && !ssoError) return <Navigate to={signUpUrl} replace />;
  return (
    <AuthCard
      title="Sign in"
      footer={
        offer &&
        ('link' in offer ? (
          <p>
            No account yet?{' '}
            <Link className="text-indigo-700 underline" to={signUpUrl}>
              {offer.link}
            </Link>
          </p>
        ) : (
          <p>{offer.sentence}</p>
        ))
      }
    >
      {inviteToken && <InvitationNotice token={inviteToken} />}
      {ssoError && !submit.isError && <Alert>{ssoError}</Alert>}
      {sessionEnded && !reset && <Alert tone="info">Your session ended. Sign in again to continue.</Alert>}
      {reset && (
        <Alert tone="success">
          Your password is changed and every browser that was signed in is signed out. Sign in with the new password.
        </Alert>
      )}
      <Form label="Sign in" onSubmit={() => submit.mutate()} error={submit.error} fields={CREDENTIAL_FIELDS}>
        <CredentialsFields value={credentials} onChange={setCredentials} error={submit.error} purpose="sign-in" />
        <Button type="submit" busy={submit.isPending}>
          Sign in
        </Button>
        {locked && (
          // A lockout is not a dead end: a new password (mailed link, or the instance owner) lifts it at once.
          <p className="text-sm text-slate-800">
            <Link className="text-indigo-700 underline" to="/forgot-password" state={{ email: credentials.email }}>
              {config.data?.passwordReset === 'email' ? 'Reset your password to sign in now' : 'Who can reset my password?'}
            </Link>
          </p>
        )}
      </Form>
      {!locked && (
        <p className="text-sm">
          <Link className="text-indigo-700 underline" to="/forgot-password" state={{ email: credentials.email }}>
            Forgot password?
          </Link>
        </p>
      )}
      {config.data?.oidc.enabled && (
        <a className={buttonClass('secondary')} href={oidcStartUrl(`${BASE}${returnTo}`)}>
          Sign in with {config.data.oidc.name ?? 'single sign-on'}
        </a>
      )}
    </AuthCard>
  );
}
