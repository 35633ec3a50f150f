import { conflictAuthor, type SaveConflict } from '../../api/save-conflict';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { Instant } from '../../kit/instant';

const ALERT = 'flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950';

/**
 * Who saved when, in the editors' words (not the API's detail, which speaks of GET and ETag to API users): the one
 * sentence every refusal of a stale change says (docs/templates.md#conditional-saves).
 */
export function ConflictSentence({ conflict }: { conflict: SaveConflict }) {
  const who = conflictAuthor(conflict);
  return (
    <>
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
    </>
  );
}

/**
 * "Load their version", after a confirm: the unsaved change is discarded. `returnFocus`: where focus goes when the
 * alert (and this button with it) is gone once theirs is loaded, when the section's heading is not the place.
 */
function LoadTheirsButton({
  busy,
  onLoadTheirs,
  returnFocus,
}: {
  busy: boolean;
  onLoadTheirs: () => void;
  returnFocus?: (() => HTMLElement | null | undefined) | undefined;
}) {
  return (
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
      {...(returnFocus ? { returnFocus } : {})}
    />
  );
}

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
  return (
    <div role="alert" className={ALERT}>
      <p>
        <ConflictSentence conflict={conflict} />
      </p>
      <div className="flex flex-wrap gap-2">
        <LoadTheirsButton busy={busy} onLoadTheirs={onLoadTheirs} />
        <Button variant="secondary" size="sm" busy={busy} onClick={onSaveMine}>
          Save mine anyway
        </Button>
      </div>
    </div>
  );
}

/**
 * Where a change other than Save (a rename, a layout or page change) was refused because someone else saved in
 * between: the same words, and no "save mine anyway" (the change is made on top of the template as saved, so it
 * is made again once theirs is loaded). Without `onLoadTheirs` the page has to be reloaded instead.
 */
export function StaleChangeAlert({
  conflict,
  busy,
  onLoadTheirs,
  returnFocus,
}: {
  conflict: SaveConflict;
  busy: boolean;
  onLoadTheirs?: (() => void) | undefined;
  /** Where focus goes once theirs is loaded and this alert is gone (the field to try again from). */
  returnFocus?: (() => HTMLElement | null | undefined) | undefined;
}) {
  return (
    <div role="alert" className={ALERT}>
      <p>
        <ConflictSentence conflict={conflict} />{' '}
        {onLoadTheirs ? 'Load their version, then try again.' : 'Reload the page to see their version, then try again.'}
      </p>
      {onLoadTheirs && (
        <div className="flex flex-wrap gap-2">
          <LoadTheirsButton busy={busy} onLoadTheirs={onLoadTheirs} returnFocus={returnFocus} />
        </div>
      )}
    </div>
  );
}
