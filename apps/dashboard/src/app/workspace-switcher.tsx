import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { authKeys, switchWorkspace, type Session } from '../api/auth';
import { messageOf } from '../api/problem';
import { LiveMessage } from '../kit/live-message';

/** A workspace as the switcher lists it and as a switch is announced: the personal one says so. */
export const workspaceLabel = (w: Session['workspaces'][number]) => (w.kind === 'personal' ? `${w.name} (personal)` : w.name);

/**
 * Personal or team workspace: every other query is refetched for the new one. `onSwitched` gets the workspace now
 * worked in, for the shell to announce: the page under the header changes without a word otherwise.
 */
export function WorkspaceSwitcher({ session, onSwitched }: { session: Session; onSwitched: (label: string) => void }) {
  const id = useId();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: switchWorkspace,
    onSuccess: async (next) => {
      client.setQueryData(authKeys.session, next);
      const now = next.workspaces.find((w) => w.id === next.workspaceId);
      if (now) onSwitched(workspaceLabel(now));
      await client.invalidateQueries();
    },
  });
  return (
    <div className="flex max-w-full min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Workspace
      </label>
      <select
        id={id}
        // A long email or team name must not widen the page: the select shrinks (at most 20rem from `sm` up) and its
        // text is cut; the open list shows names whole.
        className="max-w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:max-w-xs"
        value={session.workspaceId}
        // Busy, not disabled, while the server answers (as the kit's busy Button): disabling it dropped keyboard focus to
        // the page's body, so an arrow key (which switches on a closed select) left a keyboard user at the top of the
        // page. A change made meanwhile is not sent; the select shows the session's workspace until the switch is done.
        aria-busy={change.isPending || undefined}
        aria-disabled={change.isPending || undefined}
        onChange={(e) => {
          if (!change.isPending) change.mutate(e.target.value);
        }}
      >
        {session.workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {workspaceLabel(w)}
          </option>
        ))}
      </select>
      {change.isError && (
        <LiveMessage tone="error" inline>
          {messageOf(change.error)}
        </LiveMessage>
      )}
    </div>
  );
}
