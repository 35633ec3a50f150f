import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { changePassword } from '../../api/auth';
import { useCurrentSession } from '../../app/session';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { Page, Section } from '../../kit/page';

export default function AccountPage() {
  const session = useCurrentSession();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useMutation({
    mutationFn: () => changePassword({ newPassword, ...(currentPassword ? { currentPassword } : {}) }),
    onSuccess: () => {
      setCurrent('');
      setNew('');
    },
  });
  return (
    <Page title="Account">
      <Section title="Profile">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Email</dt>
          <dd>{session.user.email}</dd>
          <dt className="font-medium">Name</dt>
          <dd>{session.user.name || '—'}</dd>
        </dl>
      </Section>
      <Section title="Change password">
        {change.isSuccess && <Alert tone="success">Your password was changed.</Alert>}
        <Form
          label="Change password"
          className="max-w-sm"
          onSubmit={() => change.mutate()}
          error={change.error}
          fields={['currentPassword', 'newPassword']}
        >
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Leave empty if your account has no password yet (made with the admin CLI)."
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            error={fieldError(change.error, 'currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            error={fieldError(change.error, 'newPassword')}
          />
          <Button type="submit" busy={change.isPending}>
            Change password
          </Button>
        </Form>
      </Section>
    </Page>
  );
}
