import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getInstanceSettings, instanceKeys, putInstanceSettings, type InstanceSettings, type SignupMode } from '../../api/auth';
import { PLAN_TITLES } from '../../api/instance-plans';
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

/** One instance setting saved as soon as it is chosen, its outcome (or the problem's detail) beside it. */
function useInstanceSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putInstanceSettings,
    onSuccess: (next) => client.setQueryData(instanceKeys.settings, next),
  });
}

function SettingSelect<K extends keyof InstanceSettings>(props: {
  field: K;
  label: string;
  value: InstanceSettings[K];
  options: { value: InstanceSettings[K]; label: string }[];
}) {
  const save = useInstanceSetting();
  const error = fieldError(save.error, props.field);
  return (
    <div className="flex max-w-md flex-col gap-2">
      <SelectField
        label={props.label}
        value={props.value}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ [props.field]: e.target.value })}
        options={props.options}
        error={error}
      />
      {save.isSuccess && <Alert tone="success">Saved.</Alert>}
      {save.isError && !error && <Alert>{save.error.message}</Alert>}
    </div>
  );
}

/** Instance settings, for the instance owner (the first account). */
export default function InstancePage() {
  const settings = useQuery({ queryKey: instanceKeys.settings, queryFn: getInstanceSettings });
  return (
    <Page title="Instance settings">
      <QueryState query={settings}>
        {(s) => (
          <>
            <Section title="Sign-up">
              <SettingSelect field="signupMode" label="Who may sign up" value={s.signupMode} options={MODES} />
            </Section>
            <Section title="Workspaces and plans">
              <p className="text-sm text-slate-700">
                Each team, and each account outside a team, has a plan: its request rates and monthly render credits. A team&apos;s plan
                applies to all its members.
              </p>
              <SettingSelect
                field="newWorkspacePlan"
                label="New accounts and teams start on"
                value={s.newWorkspacePlan}
                options={(Object.keys(PLAN_TITLES) as InstanceSettings['newWorkspacePlan'][]).map((p) => ({
                  value: p,
                  label: PLAN_TITLES[p],
                }))}
              />
              <WorkspacePlans />
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
