import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getInstanceSettings, instanceKeys, putInstanceSettings, type SignupMode } from '../../api/auth';
import { Alert } from '../../kit/alert';
import { fieldError } from '../../kit/form';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SelectField } from '../../kit/select-field';
import { WorkspacePlans } from './workspace-plans';

const MODES: { value: SignupMode; label: string }[] = [
  { value: 'open', label: 'Open: anyone can sign up' },
  { value: 'invite', label: 'Invite only: sign-up through a team invitation link' },
  { value: 'closed', label: 'Closed: no new accounts' },
];

/** Instance settings, for the instance owner (the first account). */
export default function InstancePage() {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: instanceKeys.settings, queryFn: getInstanceSettings });
  const save = useMutation({ mutationFn: putInstanceSettings, onSuccess: (next) => client.setQueryData(instanceKeys.settings, next) });
  return (
    <Page title="Instance settings">
      <Section title="Sign-up">
        <QueryState query={settings}>
          {(s) => (
            <div className="flex max-w-md flex-col gap-2">
              <SelectField
                label="Who may sign up"
                value={s.signupMode}
                disabled={save.isPending}
                onChange={(e) => save.mutate(e.target.value as SignupMode)}
                options={MODES}
                error={fieldError(save.error, 'signupMode')}
              />
              {save.isSuccess && <Alert tone="success">Saved.</Alert>}
              {save.isError && !fieldError(save.error, 'signupMode') && <Alert>{save.error.message}</Alert>}
            </div>
          )}
        </QueryState>
      </Section>
      <Section title="Workspaces and plans">
        <p className="text-sm text-slate-700">
          Each team, and each account outside a team, has a plan: its request rates and monthly render credits. New accounts start on Free;
          a team&apos;s plan applies to all its members.
        </p>
        <WorkspacePlans />
      </Section>
    </Page>
  );
}
