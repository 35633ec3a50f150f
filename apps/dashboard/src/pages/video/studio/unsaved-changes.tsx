import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../kit/button';
import { Dialog } from '../../../kit/dialog';

/**
 * Asks before leaving the studio with unsaved edits: inside the dashboard with a dialog (stay or discard),
 * when closing or reloading the tab with the browser's own prompt.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
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
      description="The timeline has changes that are not saved yet."
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
