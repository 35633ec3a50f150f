import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { getInstanceSettings, instanceKeys, putInstanceSettings, type InstanceSettings, type SignupMode } from '../../api/auth';
import { PLAN_TITLES, type PlanName } from '../../api/instance-plans';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { fieldError, Form } from '../../kit/form';
import { LiveMessage } from '../../kit/live-message';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SelectField } from '../../kit/select-field';
import { WorkspacePlans } from './workspace-plans';

interface Choice<V extends string> {
  value: V;
  /** Short, so the select shows it whole on a phone; the description under the select says the rest. */
  label: string;
  description?: string;
}

const MODES: Choice<SignupMode>[] = [
  { value: 'open', label: 'Open', description: 'Anyone who can reach this instance can create an account.' },
  { value: 'invite', label: 'Invite only', description: "New accounts only through a team's invitation link." },
  {
    value: 'closed',
    label: 'Closed',
    description: 'No new accounts, not even with an invitation link. People who have an account can still join teams they are invited to.',
  },
];

const PLANS: Choice<PlanName>[] = (Object.keys(PLAN_TITLES) as PlanName[]).map((p) => ({ value: p, label: PLAN_TITLES[p] }));

interface Confirmation {
  title: string;
  description: string;
  action: string;
}

/** Opening sign-up lets strangers in: the one choice here that asks first. */
const OPEN_SIGNUP: Confirmation = {
  title: 'Let anyone sign up?',
  description:
    'Anyone who can reach this instance will be able to create an account, each with a workspace of its own on the plan new accounts start on. Team invitations keep working.',
  action: 'Open sign-up',
};

/**
 * One instance setting: the select picks a pending value and the Save button applies it (a closed select steps
 * through values with the arrow keys, and each step must not be a saved change). A far-reaching choice asks
 * first. The outcome is announced beside the button, and focus goes back to the select once saved.
 */
function SettingForm<K extends keyof InstanceSettings>(props: {
  field: K;
  /** The form's name, other than the select's label (a test or a screen reader finds each by its own name). */
  title: string;
  label: string;
  value: InstanceSettings[K];
  options: Choice<InstanceSettings[K]>[];
  save: string;
  /** The status line once saved, given the saved choice's label. */
  saved: (label: string) => string;
  confirm?: (value: InstanceSettings[K]) => Confirmation | null;
}) {
  const client = useQueryClient();
  const [pending, setPending] = useState(props.value);
  // The stored value changed (saved here, or refetched): the choice starts from it again.
  const [stored, setStored] = useState(props.value);
  if (stored !== props.value) {
    setStored(props.value);
    setPending(props.value);
  }
  const box = useRef<HTMLDivElement>(null);
  const select = () => box.current?.querySelector('select') ?? null;
  const describedBy = useId();
  const [news, setNews] = useState('');
  const labelOf = (value: InstanceSettings[K]) => props.options.find((o) => o.value === value)?.label ?? String(value);
  const save = useMutation({
    mutationFn: (value: InstanceSettings[K]) => putInstanceSettings({ [props.field]: value }),
    onSuccess: (next) => {
      client.setQueryData(instanceKeys.settings, next);
      setNews(props.saved(labelOf(next[props.field])));
      // Save is disabled once nothing is left to save: focus stays on the setting.
      select()?.focus();
    },
    onError: () => setNews(''),
  });
  const changed = pending !== props.value;
  const confirmation = changed ? (props.confirm?.(pending) ?? null) : null;
  const description = props.options.find((o) => o.value === pending)?.description;
  const button = (
    <Button type={confirmation ? 'button' : 'submit'} disabled={!changed} busy={save.isPending}>
      {props.save}
    </Button>
  );
  return (
    <Form label={props.title} className="max-w-md" onSubmit={() => save.mutate(pending)} error={save.error} fields={[props.field]}>
      <div ref={box} className="flex flex-col gap-1">
        <SelectField
          label={props.label}
          value={pending}
          onChange={(e) => {
            setPending(e.target.value as InstanceSettings[K]);
            setNews('');
          }}
          options={props.options}
          error={fieldError(save.error, props.field)}
          {...(description || changed ? { 'aria-describedby': describedBy } : {})}
        />
        {(description || changed) && (
          <p id={describedBy} className="text-sm text-slate-700">
            {description}
            {changed && <strong className="font-medium text-amber-800">{description ? ' ' : ''}Not saved yet.</strong>}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {confirmation ? (
          <ConfirmDialog
            trigger={button}
            title={confirmation.title}
            description={confirmation.description}
            action={confirmation.action}
            onConfirm={() => save.mutate(pending)}
            returnFocus={select}
          />
        ) : (
          button
        )}
        <LiveMessage tone="success">{news}</LiveMessage>
      </div>
    </Form>
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
              <SettingForm
                field="signupMode"
                title="Sign-up mode"
                label="Who may sign up"
                value={s.signupMode}
                options={MODES}
                save="Save sign-up mode"
                saved={(mode) => `Saved: sign-up is now ${mode.toLowerCase()}.`}
                confirm={(mode) => (mode === 'open' ? OPEN_SIGNUP : null)}
              />
            </Section>
            <Section title="Workspaces and plans">
              <p className="text-sm text-slate-700">
                Each team, and each account outside a team, has a plan: its request rates and monthly render credits. A team&apos;s plan
                applies to all its members.
              </p>
              <SettingForm
                field="newWorkspacePlan"
                title="Starting plan"
                label="New accounts and teams start on"
                value={s.newWorkspacePlan}
                options={PLANS}
                save="Save starting plan"
                saved={(plan) => `Saved: new accounts and teams now start on ${plan}.`}
              />
              <WorkspacePlans />
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
