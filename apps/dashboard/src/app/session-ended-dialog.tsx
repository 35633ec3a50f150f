import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { authKeys, getAuthConfig, getSession, oidcStartUrl, signIn, switchWorkspace, type Session } from '../api/auth';
import { ApiError } from '../api/problem';
import { Button, buttonClass } from '../kit/button';
import { Dialog } from '../kit/dialog';
import { TextField } from '../kit/field';
import { fieldError, Form } from '../kit/form';
import { LiveMessage } from '../kit/live-message';
import { BASE, signInPathFor } from './return-to';
import { unsentSignIn } from '../pages/auth/credentials-fields';
import { endWait, useSessionEnded } from './session-ended';

/**
 * Over the page whose session ended (docs/dashboard.md "When the session ends"): sign in again as the same person
 * without leaving it. The page, and whatever was typed in it, stay; once signed in, the session is put back in the
 * workspace the page shows and the requests the ended session refused go out again. `session` is the one the page
 * was drawn with.
 */
export function SessionEndedDialog({ session }: { session: Session }) {
  const ended = useSessionEnded();
  if (!ended) return null;
  return <SignInAgain session={session} />;
}

function SignInAgain({ session }: { session: Session }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useQuery({ queryKey: authKeys.config, queryFn: getAuthConfig, retry: false });
  const [password, setPassword] = useState('');

  // Signed in again (here or in another tab): back to this page's workspace, then the waiting requests go out.
  const resume = async () => {
    let now = await getSession({ reauthenticate: false });
    // Still signed out: "Continue" says so (checkAgain's error).
    if (!now) throw new Error('Still signed out.');
    if (now.user.id !== session.user.id) {
      // Someone else signed in in another tab: this page was another person's, so none of it is kept.
      endWait(false);
      client.clear();
      // The new person's session at once: the pages still drawn until the overview replaces them need one.
      client.setQueryData(authKeys.session, now);
      void navigate('/', { replace: true });
      return;
    }
    if (now.workspaceId !== session.workspaceId && now.workspaces.some((w) => w.id === session.workspaceId)) {
      now = await switchWorkspace(session.workspaceId);
    }
    client.setQueryData(authKeys.session, now);
    // No longer in that workspace (removed from the team meanwhile): what the page was saving must not land elsewhere.
    endWait(now.workspaceId === session.workspaceId);
    void client.invalidateQueries();
  };
  const signInAgain = useMutation({
    mutationFn: async () => {
      // An empty password is refused here in the sign-in page's words, not sent for the API's "`password` is required.".
      const unsent = unsentSignIn({ email: session.user.email, password });
      if (unsent) throw unsent;
      await signIn({ email: session.user.email, password });
      await resume();
    },
  });
  const checkAgain = useMutation({ mutationFn: resume });
  // Leaving for another page gives up: the waiting requests fail (the sign-in there starts afresh, resetting every query).
  const giveUp = () => endWait(false);
  const oidc = config.data?.oidc;
  const locked = signInAgain.error instanceof ApiError && signInAgain.error.status === 423;

  return (
    <Dialog
      open
      // Only a choice below closes it: Escape or a click outside would leave the page unable to save.
      onOpenChange={() => {}}
      title="Your session ended"
      description="Sign in again to continue. This page stays as it is: what you typed is kept, and what you were saving is sent once you are signed in."
    >
      {session.user.hasPassword !== false && (
        <Form label="Sign in again" onSubmit={() => signInAgain.mutate()} error={signInAgain.error} fields={['password']}>
          <TextField label="Email" type="email" autoComplete="username" readOnly value={session.user.email} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            // The one thing to type: focus starts here.
            autoFocus
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError(signInAgain.error, 'password')}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link className="text-sm text-indigo-700 underline" to="/forgot-password" onClick={giveUp}>
              {locked ? 'Locked out? Reset your password' : 'Forgot password?'}
            </Link>
            <Button type="submit" busy={signInAgain.isPending}>
              Sign in
            </Button>
          </div>
        </Form>
      )}
      {oidc?.enabled && (
        <p className="text-sm text-slate-700">
          <a className="text-indigo-700 underline" href={oidcStartUrl(`${BASE}/`)} target="_blank" rel="noopener">
            Sign in with {oidc.name ?? 'single sign-on'} in a new tab
          </a>
          , then come back here and choose Continue.
        </p>
      )}
      {checkAgain.isError && (
        <LiveMessage tone="error">Still signed out: sign in above{oidc?.enabled ? ' or in the new tab' : ''} first.</LiveMessage>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3">
        <Link className={buttonClass('secondary')} to={signInPathFor(location, 'session-ended')} onClick={giveUp}>
          Sign in as someone else
        </Link>
        <Button variant="secondary" busy={checkAgain.isPending} onClick={() => checkAgain.mutate()}>
          Signed in in another tab? Continue
        </Button>
      </div>
    </Dialog>
  );
}
