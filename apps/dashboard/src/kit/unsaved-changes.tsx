import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * Asks before leaving an editor with unsaved edits: inside the dashboard with a dialog (stay or discard),
 * when closing or reloading the tab with the browser's own prompt. `description` says what is unsaved.
 */
export function UnsavedChangesGuard({
  dirty,
  description = 'There are changes that are not saved yet.',
}: {
  dirty: boolean;
  description?: string;
}) {
  // A navigation with `state: { discardUnsaved: true }` (after deleting what was edited) goes without asking.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as { discardUnsaved?: boolean } | null)?.discardUnsaved !== true,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description={description}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Stay here
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Discard changes
        </Button>
      </div>
    </Dialog>
  );
}
