import { MIN_PASSWORD_LENGTH } from '@pressroom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authKeys, changePassword, updateProfile } from '../../api/auth';
import { refusedHere } from '../../api/problem';
import { userSessionKeys } from '../../api/user-sessions';
import { useCurrentSession } from '../../app/session';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page, Section } from '../../kit/page';
import { nameProblem, newPasswordProblem, PASSWORD_LENGTHS, unsent } from '../auth/account-input';
import { SignedInBrowsers } from './signed-in-browsers';

/** An over-long new password refused before it is sent (account-input.ts), or null. */
const unsentPassword = (newPassword: string) => {
  const refused = unsent({ newPassword: newPasswordProblem(newPassword) });
  return refused ? Promise.reject(refused) : null;
};

/** The email one signs in with (fixed) and the name the dashboard shows (the header, team member lists). */
function ProfileForm() {
  const session = useCurrentSession();
  const client = useQueryClient();
  const [name, setName] = useState(session.user.name ?? '');
  const save = useMutation({
    mutationFn: () => {
      const refused = unsent({ name: nameProblem(name) });
      return refused ? Promise.reject(refused) : updateProfile(name);
    },
    onSuccess: (next) => {
      client.setQueryData(authKeys.session, next);
      // The field shows the name as saved (the API trims it), as the header now does and a reload would.
      setName(next.user.name ?? '');
    },
  });
  return (
    <Form label="Profile" className="max-w-sm" onSubmit={() => save.mutate()} error={save.error} fields={['name']}>
      {/* The email is fixed, so a term and its value, laid out like the Name field under it (label above, value below). */}
      <dl className="flex flex-col gap-1">
        <dt className="text-sm font-medium text-slate-800">Email</dt>
        <dd className="text-sm break-all text-slate-900">{session.user.email}</dd>
      </dl>
      <TextField
        label="Name"
        autoComplete="name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          save.reset();
        }}
        hint="Shown in the header and to your teams; empty shows your email."
        error={fieldError(save.error, 'name')}
      />
      {save.isSuccess && <Alert tone="success">Saved.</Alert>}
      <Button type="submit" busy={save.isPending}>
        Save profile
      </Button>
    </Form>
  );
}

export default function AccountPage() {
  const session = useCurrentSession();
  const client = useQueryClient();
  // Someone who signed in only through single sign-on has no password yet: they set one, with no current one to give.
  const hasPassword = session.user.hasPassword !== false;
  const action = hasPassword ? 'Change password' : 'Set a password';
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  // Each form's refusal is its own and speaks of what its fields hold: it goes once one of them is edited (as the
  // profile's does), and stays while they still hold what was refused, even when the other form is saved meanwhile,
  // since saving the name changes nothing about the password.
  const change = useMutation({
    mutationFn: () =>
      // Without the current password the API answers "This is not your current password.", which reads as a typo in
      // a field left empty: asked for here, beside it, before anything is sent (as sign-in asks for its password).
      hasPassword && !currentPassword
        ? Promise.reject(refusedHere([{ field: 'currentPassword', message: 'Enter your current password.' }]))
        : (unsentPassword(newPassword) ?? changePassword({ newPassword, ...(currentPassword ? { currentPassword } : {}) })),
    onMutate: () => setOutcome(null),
    onSuccess: async () => {
      setCurrent('');
      setNew('');
      setOutcome(
        hasPassword
          ? 'Your password was changed. Other browsers signed in as you were signed out; this one stays signed in.'
          : 'Your password was set: you can also sign in with your email.',
      );
      // The other browsers are signed out now: the list shows only this one.
      await client.invalidateQueries({ queryKey: authKeys.session });
      await client.invalidateQueries({ queryKey: userSessionKeys.list });
    },
  });
  return (
    <Page title="Account">
      <Section title="Profile">
        <ProfileForm />
      </Section>
      <Section title={action}>
        {outcome && <Alert tone="success">{outcome}</Alert>}
        <Form
          label={action}
          className="max-w-sm"
          onSubmit={() => change.mutate()}
          error={change.error}
          fields={['currentPassword', 'newPassword']}
        >
          {hasPassword && (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => {
                setCurrent(e.target.value);
                change.reset();
              }}
              error={fieldError(change.error, 'currentPassword')}
            />
          )}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            // Said before it is refused, as on sign-up; and what changing it does to other browsers signed in as you.
            hint={
              hasPassword
                ? `${PASSWORD_LENGTHS} Other browsers signed in as you are signed out; this one stays signed in.`
                : PASSWORD_LENGTHS
            }
            minLength={MIN_PASSWORD_LENGTH}
            required
            value={newPassword}
            onChange={(e) => {
              setNew(e.target.value);
              change.reset();
            }}
            error={fieldError(change.error, 'newPassword')}
          />
          <Button type="submit" busy={change.isPending}>
            {action}
          </Button>
        </Form>
      </Section>
      <Section title="Signed-in browsers">
        <SignedInBrowsers />
      </Section>
    </Page>
  );
}
