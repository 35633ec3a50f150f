import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { messageOf } from '../../api/problem';
import type { TemplateVersion } from '../../api/template-versions';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { Instant } from '../../kit/instant';
import { LiveMessage } from '../../kit/live-message';

/**
 * The last 20 saves of a template, newest first, each with its thumbnail and a Restore button (docs/templates.md#versions).
 * Both editors show it; what a restore does to the page (reload the canvas, or the HTML form) is the caller's.
 */
export function VersionList(props: {
  versions: UseQueryResult<TemplateVersion[]>;
  restore: UseMutationResult<unknown, Error, TemplateVersion>;
}) {
  const { versions, restore } = props;
  const newest = versions.data?.[0];
  return (
    <>
      <p className="text-xs text-slate-600">The last 20 saves. Restoring one is a save too.</p>
      {versions.isError && <Alert>{messageOf(versions.error)}</Alert>}
      {restore.isError && <Alert>{messageOf(restore.error)}</Alert>}
      <LiveMessage tone="success">{restore.isSuccess && !restore.isPending && `Restored version ${restore.variables.number}.`}</LiveMessage>
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
                busy={restore.isPending && restore.variables.id === version.id}
                onClick={() => restore.mutate(version)}
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
