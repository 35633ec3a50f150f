import { conflictAuthor, type SaveConflict } from '../../api/save-conflict';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { Instant } from '../../kit/instant';

/**
 * Beside an editor's Save when the save was refused because someone else saved in between (docs/templates.md#conditional-saves):
 * load their version (after a confirm: the unsaved change is discarded) or save this one over it (theirs stays in Versions).
 * Shared by the HTML and the canvas editors.
 */
export function SaveConflictAlert({
  conflict,
  busy,
  onLoadTheirs,
  onSaveMine,
}: {
  conflict: SaveConflict;
  busy: boolean;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
}) {
  const who = conflictAuthor(conflict);
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p>
        Someone else saved this template since you opened it
        {(who || conflict.updatedAt) && (
          <>
            {' ('}
            {who}
            {who && conflict.updatedAt && ' at '}
            {conflict.updatedAt && <Instant iso={conflict.updatedAt} />})
          </>
        )}
        .
      </p>
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" disabled={busy}>
              Load their version
            </Button>
          }
          title="Load their version?"
          description="Your unsaved changes are discarded and the editor shows the template as it was last saved. Your version is not kept."
          action="Discard mine and load theirs"
          onConfirm={onLoadTheirs}
        />
        <Button variant="secondary" size="sm" busy={busy} onClick={onSaveMine}>
          Save mine anyway
        </Button>
      </div>
    </div>
  );
}
