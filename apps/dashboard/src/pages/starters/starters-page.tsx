import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/problem';
import { copyStarter, listStarters, starterKeys } from '../../api/starters';
import { templateKeys } from '../../api/templates';
import { editorPathOf } from '../../canvas/editor-path';
import { attachSavedThumbnail } from '../templates/thumbnail';
import { LiveMessage } from '../../kit/live-message';
import { Button } from '../../kit/button';
import { Page } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { StarterThumbnail } from './starter-thumbnail';

/** The starter templates that ship with Pressroom, rendered; "Use this template" copies one and opens it. */
export default function StartersPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const starters = useQuery({ queryKey: starterKeys.all, queryFn: listStarters, staleTime: Infinity });
  const copy = useMutation({
    mutationFn: copyStarter,
    onSuccess: (copy) => {
      // The copy's first version gets its preview, as a Duplicate's does (else the templates list shows "Not rendered
      // yet"); not awaited: the editor opens at once, and a refused preview only leaves the card bare.
      void attachSavedThumbnail(copy)
        .then((attached) => (attached ? queryClient.invalidateQueries({ queryKey: templateKeys.all }) : undefined))
        .catch(() => {});
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      void navigate(editorPathOf(copy.template));
    },
  });
  return (
    <Page title="Starter gallery">
      <p className="text-sm text-slate-700">
        Designs to start from: most are canvas designs, edited by pointing and clicking; those marked HTML are HTML and CSS, edited as code.
        Using one copies it into this workspace as your own template, ready to edit and render.
      </p>
      <QueryState query={starters}>
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Starter templates">
            {list.map((starter) => (
              <li key={starter.key} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                <div className="flex aspect-video items-center justify-center overflow-hidden bg-slate-100">
                  <StarterThumbnail starter={starter} />
                </div>
                <div className="flex flex-1 flex-col gap-2 p-3">
                  <h2 className="font-medium">{starter.name}</h2>
                  <p className="text-xs text-slate-600">
                    {starter.width}×{starter.height} · {starter.category} · {starter.engine === 'html' ? 'HTML editor' : 'Canvas editor'}
                  </p>
                  <p className="text-sm text-slate-700">{starter.description}</p>
                  <UseStarterButton
                    name={starter.name}
                    busy={copy.isPending && copy.variables === starter.key}
                    // A refused copy is said under the button pressed (not atop the gallery, out of view of a card low on it).
                    error={copy.error && copy.variables === starter.key ? messageOf(copy.error) : undefined}
                    onUse={() => copy.mutate(starter.key)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Page>
  );
}

/**
 * Copies one starter. While the copy is made the button says so, in its text and its name (with aria-busy): a
 * screen reader on the pressed button hears what is happening, not a bare "busy" with no name. A refusal appears
 * right under it, read out (an alert) and describing the button, where focus stays.
 */
function UseStarterButton({ name, busy, error, onUse }: { name: string; busy: boolean; error: string | undefined; onUse: () => void }) {
  const id = useId();
  const message = useRef<HTMLDivElement>(null);
  // The refusal brought into view with its button (under a button at the screen's bottom edge it would be out of sight).
  useEffect(() => {
    if (error) message.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  return (
    <div ref={message} className="mt-auto flex flex-col items-start gap-2">
      <Button
        busy={busy}
        aria-label={busy ? `Creating ${name}…` : `Use this template: ${name}`}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={onUse}
      >
        {busy ? 'Creating…' : 'Use this template'}
      </Button>
      {error && (
        <LiveMessage id={`${id}-error`} tone="error">
          {error}
        </LiveMessage>
      )}
    </div>
  );
}
