import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  changeWorkspacePlan,
  listWorkspaces,
  PLAN_TITLES,
  workspaceKeys,
  type PlanChange,
  type PlanLimits,
  type PlanName,
  type Workspace,
} from '../../api/instance-plans';
import { refusedHere } from '../../api/problem';
import { Button } from '../../kit/button';
import { Dialog, DialogActions } from '../../kit/dialog';
import { TextField } from '../../kit/field';
import { fieldError, Form } from '../../kit/form';
import { formatCount } from '../../kit/format';
import { plural } from '../../kit/plural';
import { QueryState } from '../../kit/query-state';
import { SelectField } from '../../kit/select-field';
import { Table, type Column } from '../../kit/table';
import { ErrorText } from '../../kit/message-text';
import { LiveMessage } from '../../kit/live-message';
import { NOT_A_COUNT, writtenCount } from '../../kit/written-count';

const LIMIT_FIELDS: { field: keyof PlanLimits; label: string }[] = [
  { field: 'perMinute', label: 'Requests per minute' },
  { field: 'perDay', label: 'Requests per day' },
  { field: 'renderCredits', label: 'Render credits per month' },
  { field: 'aiCredits', label: 'AI credits per month' },
];
const FORM_FIELDS = ['plan', 'overage', ...LIMIT_FIELDS.map((f) => f.field)];

function planSummary(limits: PlanLimits): string {
  return `${plural(limits.renderCredits, 'credit')} a month, ${plural(limits.perMinute, 'request')} a minute`;
}

function whoHolds(w: Workspace): string {
  if (w.kind === 'team') return `Team · ${plural(w.members ?? 0, 'member')}`;
  return w.email ? 'Personal account' : 'Account made with the admin CLI';
}

/** Change one workspace's plan: the plan, overage on paid plans, and an enterprise plan's own limits. */
function ChangePlanDialog({
  workspace,
  plans,
  onClose,
  onSaved,
}: {
  workspace: Workspace;
  plans: Record<PlanName, PlanLimits>;
  onClose: () => void;
  /** Told what was saved, in words, once it is. */
  onSaved: (news: string) => void;
}) {
  const client = useQueryClient();
  const [plan, setPlan] = useState<PlanName>(workspace.plan);
  const [overage, setOverage] = useState(workspace.overage);
  // An enterprise holder's limits as they are now; another holder starts from enterprise's own.
  const startLimits = workspace.plan === 'enterprise' ? workspace.limits : plans.enterprise;
  const [limits, setLimits] = useState<Record<keyof PlanLimits, string>>({
    perMinute: String(startLimits.perMinute),
    perDay: String(startLimits.perDay),
    renderCredits: String(startLimits.renderCredits),
    aiCredits: String(startLimits.aiCredits),
  });
  const save = useMutation({
    mutationFn: () => {
      const change: PlanChange = { plan, overage: plan === 'free' ? false : overage };
      if (plan === 'enterprise') {
        const unreadable: { field: string; message: string }[] = [];
        // Only what the person changed is stored as the workspace's own limit; the rest keeps what it is.
        for (const { field } of LIMIT_FIELDS) {
          // Read as people write counts (kit/written-count.ts: 1,500 as the table writes it); the API says why a count is
          // refused (0, too large). Nothing, 1e3 or 0x10 (which Number() reads as 1000 and 16) is refused here.
          const typed = writtenCount(limits[field]);
          if (typed === startLimits[field]) continue;
          if (typed === null) unreadable.push({ field, message: NOT_A_COUNT });
          else change[field] = typed;
        }
        if (unreadable.length > 0) return Promise.reject(refusedHere(unreadable));
      }
      return changeWorkspacePlan(workspace.id, change);
    },
    onSuccess: async () => {
      // The owner may have changed their own workspace: the overview and usage pages read the plan too.
      await client.invalidateQueries();
      onSaved(`Saved: ${workspace.name} is now on ${PLAN_TITLES[plan]}${plan === 'free' ? '' : `, overage ${overage ? 'on' : 'off'}`}.`);
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Plan of ${workspace.name}`} description={whoHolds(workspace)}>
      <Form label="Change the plan" onSubmit={() => save.mutate()} error={save.error} fields={FORM_FIELDS}>
        <SelectField
          label="Plan"
          value={plan}
          onChange={(e) => setPlan(e.target.value as PlanName)}
          // Short names (a phone's closed select cuts a long one); the chosen plan's limits are said under it.
          options={(Object.keys(plans) as PlanName[]).map((p) => ({ value: p, label: PLAN_TITLES[p] }))}
          hint={planSummary(plans[plan])}
          error={fieldError(save.error, 'plan')}
        />
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              aria-describedby="plan-overage-hint"
              checked={plan !== 'free' && overage}
              disabled={plan === 'free'}
              onChange={(e) => setOverage(e.target.checked)}
            />
            Overage: renders continue past the monthly credits
          </label>
          <p id="plan-overage-hint" className="text-xs text-slate-600">
            {plan === 'free' ? 'Not available on the free plan.' : 'Off: past the credits, renders are refused until the month ends.'}
          </p>
          {fieldError(save.error, 'overage') && <ErrorText text={fieldError(save.error, 'overage')!} />}
        </div>
        {plan === 'enterprise' && (
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">This workspace&apos;s limits</legend>
            {LIMIT_FIELDS.map(({ field, label }) => (
              <TextField
                key={field}
                label={label}
                inputMode="numeric"
                value={limits[field]}
                onChange={(e) => setLimits({ ...limits, [field]: e.target.value })}
                error={fieldError(save.error, field)}
              />
            ))}
          </fieldset>
        )}
        <DialogActions onCancel={onClose} submit="Save plan" busy={save.isPending} />
      </Form>
    </Dialog>
  );
}

/** Every team and every account outside a team with its plan; the instance owner changes them here. */
export function WorkspacePlans() {
  const listing = useQuery({ queryKey: workspaceKeys.all, queryFn: listWorkspaces });
  const [editing, setEditing] = useState<Workspace | null>(null);
  // What the last Save plan did: the dialog closes, so the page says it under the table.
  const [news, setNews] = useState('');
  return (
    <>
      <QueryState query={listing}>
        {({ items, plans }) => {
          const columns: Column<Workspace>[] = [
            {
              header: 'Workspace',
              cell: (w) => (
                <div className="flex flex-col">
                  <span className="font-medium">{w.name}</span>
                  <span className="text-xs text-slate-600">{whoHolds(w)}</span>
                </div>
              ),
            },
            {
              header: 'Plan',
              cell: (w) => `${PLAN_TITLES[w.plan]}${w.customLimits ? ' (own limits)' : ''}${w.overage ? ', overage on' : ''}`,
            },
            { header: 'Credits this month', cell: (w) => `${formatCount(w.creditsUsed)} of ${formatCount(w.limits.renderCredits)}` },
            { header: 'Requests a minute', wide: true, cell: (w) => formatCount(w.limits.perMinute) },
            {
              header: 'Actions',
              cell: (w) => (
                <Button
                  variant="secondary"
                  aria-label={`Change plan for ${w.name}`}
                  onClick={() => {
                    setNews('');
                    setEditing(w);
                  }}
                >
                  Change plan
                </Button>
              ),
            },
          ];
          return (
            <>
              <Table caption="Workspaces and their plans" columns={columns} rows={items} rowKey={(w) => w.id} empty="No workspaces yet." />
              {editing && <ChangePlanDialog workspace={editing} plans={plans} onClose={() => setEditing(null)} onSaved={setNews} />}
            </>
          );
        }}
      </QueryState>
      <LiveMessage tone="success">{news}</LiveMessage>
    </>
  );
}
