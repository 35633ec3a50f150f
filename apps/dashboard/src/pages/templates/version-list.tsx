import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { messageOf } from '../../api/problem';
import type { TemplateVersion } from '../../api/template-versions';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { Instant } from '../../kit/instant';
import { LiveMessage } from '../../kit/live-message';

/**
 * The last 20 saves of a template, newest first, each with its thumbnail and a Restore button (docs/templates.md#versions).
 * Both editors show it; what a restore does to the page (reload the canvas, or the HTML form) is the caller's.
 * One restore at a time: while one runs its button is busy and the others refuse a press (a second restore started
 * meanwhile would be saved over the first, or be refused as stale). They stay in the tab order, aria-disabled, described
 * by the line that says which restore runs, so a keyboard or screen reader user hears why they do nothing.
 */
export function VersionList(props: {
  versions: UseQueryResult<TemplateVersion[]>;
  restore: UseMutationResult<unknown, Error, TemplateVersion>;
}) {
  const { versions, restore } = props;
  const newest = versions.data?.[0];
  const runningId = useId();
  const running = restore.isPending ? restore.variables : undefined;
  return (
    <>
      <p className="text-xs text-slate-600">The last 20 saves. Restoring one is a save too.</p>
      {versions.isError && <Alert>{messageOf(versions.error)}</Alert>}
      {restore.isError && <Alert>{messageOf(restore.error)}</Alert>}
      <LiveMessage id={runningId} tone={running ? 'neutral' : 'success'}>
        {running
          ? `Restoring version ${running.number}: the other versions can be restored once it is done.`
          : restore.isSuccess && `Restored version ${restore.variables.number}.`}
      </LiveMessage>
      {versions.isSuccess && versions.data.length === 0 && (
        <p className="text-sm text-slate-700">No saves yet: each Save template keeps a version here.</p>
      )}
      <ol aria-label="Saved versions, newest first" className="flex flex-col gap-2">
        {(versions.data ?? []).map((version) => (
          <li key={version.id} className="flex items-center gap-2 border-t border-slate-200 pt-2">
            {version.thumbnail ? (
              <img src={version.thumbnail} alt={`Version ${version.number}`} className="h-10 w-16 border border-slate-200 object-contain" />
            ) : (
              <span className="h-10 w-16 border border-dashed border-slate-300" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">Version {version.number}</p>
              <p className="text-xs wrap-anywhere text-slate-600">
                <Instant iso={version.createdAt} /> · {version.createdBy}
              </p>
            </div>
            {version.id !== newest?.id && (
              <Button
                variant="secondary"
                busy={running?.id === version.id}
                {...(running && running.id !== version.id && { 'aria-disabled': true, 'aria-describedby': runningId })}
                onClick={() => {
                  if (!running) restore.mutate(version);
                }}
                aria-label={`Restore version ${version.number}`}
              >
                Restore
              </Button>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
