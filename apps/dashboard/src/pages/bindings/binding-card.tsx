import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { bindingAction, bindingKeys, deleteBinding, type Binding } from '../../api/bindings';
import { messageOf } from '../../api/problem';
import { editorPathOf } from '../../canvas/editor-path';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog, Dialog } from '../../kit/dialog';
import { formatDate } from '../../kit/format';
import { LiveMessage } from '../../kit/live-message';
import { useBindingTemplate } from './binding-fields';
import { EditMapping } from './edit-mapping';
import { EditSettings } from './edit-settings';
import { refreshPolicyText } from './refresh-policy-fields';
import { credentialsText } from './source-header-fields';
import { useRefreshNow } from './use-refresh-now';

/** The status badge's colours, as the webhook cards': a binding in error is red, a paused one amber. */
const STATUS_STYLE: Record<Binding['status'], string> = {
  active: 'bg-green-100 text-green-900',
  paused: 'bg-amber-100 text-amber-900',
  error: 'bg-red-100 text-red-900',
};

/** When the schedule refreshes next; a paused binding, or a webhook or manual policy, waits to be asked. */
function nextRefreshText(binding: Binding): string {
  if (binding.status === 'paused') return 'none while paused';
  if (binding.nextRefreshAt) return formatDate(binding.nextRefreshAt);
  return binding.refreshPolicy.type === 'webhook' ? 'when its trigger URL is called' : 'when you click Refresh now';
}

/** What "Refresh now" came to, in words for the card's status line (a failure is an alert of its own). */
function refreshNews(refresh: ReturnType<typeof useRefreshNow>): string {
  if (refresh.overdue) return 'The refresh has not finished yet: this card shows its outcome when it does.';
  if (refresh.busy) return 'Refreshing: fetching the data source and rendering the image…';
  if (refresh.outcome?.state === 'done') return `Refreshed at ${formatDate(refresh.outcome.at)}: the image URL shows the new image.`;
  return '';
}

/** One binding: what it renders from where and how often, its image URL, and what can be done with it. */
export function BindingCard({ binding, onDeleted }: { binding: Binding; onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<'mapping' | 'settings' | null>(null);
  const mapped = Object.entries(binding.mapping);
  // The template it renders, by name and linked to its editor (as the Templates page's names are).
  const { template, loading: templateLoading } = useBindingTemplate(binding.templateId);
  const refresh = useRefreshNow(binding);
  const failed = refresh.outcome?.state === 'failed' ? refresh.outcome.message : null;
  const news = refreshNews(refresh);
  const act = useMutation({
    mutationFn: (action: 'pause' | 'resume') => {
      refresh.forget();
      return bindingAction(binding.uid, action);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bindingKeys.all }),
  });
  const remove = useMutation({
    mutationFn: () => deleteBinding(binding.uid),
    onSuccess: async () => {
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: bindingKeys.all });
    },
  });
  return (
    <article className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm" aria-label={binding.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{binding.name}</h3>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[binding.status]}`}>Status: {binding.status}</span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3">
        <dt>Template</dt>
        <dd className="break-words">
          {template ? (
            <Link className="text-indigo-700 underline" to={editorPathOf(template)}>
              {template.name}
            </Link>
          ) : templateLoading ? (
            'Loading…'
          ) : (
            // Deleted since (or could not be read): its uid is what there is to say.
            binding.templateId
          )}
        </dd>
        <dt>Last refresh</dt>
        <dd>{binding.lastRefreshAt ? formatDate(binding.lastRefreshAt) : 'never'}</dd>
        {/* When the image URL last got a new image: "never" says it still serves the placeholder. */}
        <dt>Last new image</dt>
        <dd>{binding.lastSuccessAt ? formatDate(binding.lastSuccessAt) : 'never (the image URL serves a placeholder)'}</dd>
        <dt>Next refresh</dt>
        <dd>{nextRefreshText(binding)}</dd>
        <dt>Mapping</dt>
        <dd className="break-all">{mapped.length ? mapped.map(([v, path]) => `${v} ← ${path}`).join(', ') : 'none'}</dd>
        <dt>Source</dt>
        <dd className="break-all">{binding.dataSource.url}</dd>
        <dt>Source header</dt>
        <dd className="break-all">{credentialsText(binding.dataSource.credentials)}</dd>
        <dt>Refresh</dt>
        <dd>{refreshPolicyText(binding.refreshPolicy)}</dd>
        {binding.refreshPolicy.type === 'webhook' && (
          <>
            <dt>Trigger URL (POST)</dt>
            <dd className="font-mono text-xs break-all">{binding.webhookUrl}</dd>
          </>
        )}
        <dt>Image URL</dt>
        <dd className="break-all">
          <a className="text-indigo-700 underline" href={binding.renderUrl}>
            {binding.renderUrl}
          </a>
        </dd>
      </dl>
      {/* The refresh's own failure says it is this refresh's; otherwise the last error stands as the card's state. */}
      {failed ? <Alert>Refresh failed: {failed}</Alert> : binding.lastError && <Alert>{binding.lastError.message}</Alert>}
      {/* Always in the card (a live region must exist before its message); visible once there is one. */}
      <LiveMessage
        tone={refresh.outcome?.state === 'done' && !refresh.busy ? 'success' : 'neutral'}
        className={news ? undefined : 'sr-only'}
      >
        {news}
      </LiveMessage>
      {refresh.error != null && <Alert>{messageOf(refresh.error)}</Alert>}
      {act.isError && <Alert>{messageOf(act.error)}</Alert>}
      {remove.isError && <Alert>{messageOf(remove.error)}</Alert>}
      {/* Each button names the binding it acts on (as the webhook cards' do): a list of several cards otherwise reads
          as Delete, Delete, Delete to a screen reader's list of buttons. */}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          busy={refresh.busy}
          onClick={refresh.start}
          disabled={binding.status === 'paused'}
          aria-label={`Refresh now: ${binding.name}`}
        >
          Refresh now
        </Button>
        {binding.status === 'paused' ? (
          <Button variant="secondary" onClick={() => act.mutate('resume')} aria-label={`Resume ${binding.name}`}>
            Resume
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => act.mutate('pause')} aria-label={`Pause ${binding.name}`}>
            Pause
          </Button>
        )}
        <Button variant="secondary" onClick={() => setEditing('mapping')} aria-label={`Edit mapping of ${binding.name}`}>
          Edit mapping
        </Button>
        <Button variant="secondary" onClick={() => setEditing('settings')} aria-label={`Edit settings of ${binding.name}`}>
          Edit settings
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="danger" busy={remove.isPending} aria-label={`Delete ${binding.name}`}>
              Delete
            </Button>
          }
          title={`Delete ${binding.name}?`}
          description="Its image URL stops answering and its refreshes stop. Images it already rendered stay in the history."
          action="Delete binding"
          onConfirm={() => remove.mutate()}
        />
      </div>
      <Dialog
        open={editing === 'mapping'}
        onOpenChange={(open) => setEditing(open ? 'mapping' : null)}
        title={`Mapping of ${binding.name}`}
      >
        {editing === 'mapping' && <EditMapping binding={binding} onClose={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        open={editing === 'settings'}
        onOpenChange={(open) => setEditing(open ? 'settings' : null)}
        title={`Settings of ${binding.name}`}
      >
        {editing === 'settings' && <EditSettings binding={binding} onClose={() => setEditing(null)} />}
      </Dialog>
    </article>
  );
}
