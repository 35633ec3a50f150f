import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authKeys, getAuthConfig, signUp, type AuthConfig } from '../../api/auth';
import { safeReturnTo } from '../../app/return-to';
import { SignedOutOnly } from '../../app/signed-in-already';
import { InvitationNotice, useInvitation } from '../teams/invitation-notice';
import type { JoinedState } from '../teams/teams-page';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { QueryState } from '../../kit/query-state';
import { AuthCard } from './auth-card';
import { emailProblem, nameProblem, newPasswordProblem, unsent } from './account-input';
import { CREDENTIAL_FIELDS, CredentialsFields } from './credentials-fields';

/** Why this visitor cannot sign up, or null when they can. */
function refusal(config: AuthConfig, inviteToken: string | null): string | null {
  if (config.firstRun || inviteToken) return null;
  if (config.signupMode === 'closed') return 'Sign-up is closed on this instance. Ask its owner for an account.';
  if (config.signupMode === 'invite') return 'Sign-up on this instance needs an invitation link from a team.';
  return null;
}

/** Where the page leads after signing up: its `returnTo`, else an invitation's page, else the Overview. */
function returnToOf(params: URLSearchParams): string {
  const inviteToken = params.get('invite');
  return safeReturnTo(params.get('returnTo') ?? (inviteToken ? `/invite/${inviteToken}` : null));
}

/**
 * Someone already signed in goes on to where sign-up would have led: an invitation's page (accept it there as the
 * person signed in; one for another address is refused there in the server's words), else the Overview.
 */
export default function SignUpPage() {
  const [params] = useSearchParams();
  return (
    <SignedOutOnly to={returnToOf(params)}>
      <SignUpForm />
    </SignedOutOnly>
  );
}

function SignUpForm() {
  const [params] = useSearchParams();
  const inviteToken = params.get('invite');
  const returnTo = returnToOf(params);
  const config = useQuery({ queryKey: authKeys.config, queryFn: getAuthConfig, retry: false });
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  // An invitation for one email is accepted only with that email (the server refuses another): the form signs up
  // with that address, shown read-only. A link invitation (no email) leaves the field to the visitor.
  const invitedEmail = useInvitation(inviteToken).data?.email ?? null;
  const submit = useMutation({
    // With an invitation the server joins the team and starts the session in it.
    mutationFn: () => {
      // Over-long input refused here, in the dashboard's one wording (account-input.ts), before anything is sent.
      const refused = unsent({
        name: nameProblem(name),
        email: invitedEmail ? null : emailProblem(credentials.email),
        password: newPasswordProblem(credentials.password),
      });
      if (refused) return Promise.reject(refused);
      return signUp({
        ...credentials,
        ...(invitedEmail ? { email: invitedEmail } : {}),
        ...(name ? { name } : {}),
        ...(inviteToken ? { inviteToken } : {}),
      });
    },
    onSuccess: async () => {
      // The invitation is spent now, and this page shows it until the navigation below: neither its preview nor the
      // sign-in settings are reset (resetting the settings would redraw the form and fetch the spent invitation again,
      // a 404 nobody asked for). The settings are only marked stale, fetched when next shown.
      const config = JSON.stringify(authKeys.config);
      const kept = (query: Query) => query.queryKey[0] === 'invites' || JSON.stringify(query.queryKey) === config;
      // An account exists now: whatever else the settings say, this is no longer a first run (the sign-in page would
      // otherwise send a signed-out visitor back to creating the owner).
      client.setQueryData<AuthConfig>(authKeys.config, (now) => now && { ...now, firstRun: false });
      await client.invalidateQueries({ queryKey: authKeys.config, refetchType: 'none' });
      await client.resetQueries({ predicate: (query) => !kept(query) });
      // Signing up with an invitation already joins the team: its page, not the spent link, comes next, saying so.
      if (inviteToken && returnTo.startsWith('/invite/')) {
        void navigate('/settings/teams', { replace: true, state: { joined: true } satisfies JoinedState });
      } else void navigate(returnTo, { replace: true });
    },
  });
  return (
    <AuthCard
      title={config.data?.firstRun ? 'Create the owner account' : 'Sign up'}
      footer={
        // A new instance has no account to sign in with yet.
        config.data?.firstRun ? undefined : (
          <p>
            Already have an account?{' '}
            <Link className="text-indigo-700 underline" to={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`}>
              Sign in
            </Link>
          </p>
        )
      }
    >
      <QueryState query={config}>
        {(cfg) => {
          const refused = refusal(cfg, inviteToken);
          if (refused) return <Alert tone="info">{refused}</Alert>;
          return (
            <>
              {inviteToken && <InvitationNotice token={inviteToken} />}
              {cfg.firstRun && (
                <Alert tone="info">This is a new Pressroom instance: the first account owns it and chooses who else may sign up.</Alert>
              )}
              <Form label="Sign up" onSubmit={() => submit.mutate()} error={submit.error} fields={['name', ...CREDENTIAL_FIELDS]}>
                <TextField
                  label="Name (optional)"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  error={fieldError(submit.error, 'name')}
                />
                <CredentialsFields
                  value={credentials}
                  onChange={setCredentials}
                  error={submit.error}
                  purpose="sign-up"
                  invitedEmail={invitedEmail}
                />
                <Button type="submit" busy={submit.isPending}>
                  Create account
                </Button>
              </Form>
            </>
          );
        }}
      </QueryState>
    </AuthCard>
  );
}
