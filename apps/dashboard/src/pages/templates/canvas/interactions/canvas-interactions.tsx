import { LiveMessage } from '../../../../kit/live-message';
import { useEditor } from '../editor-context';
import { useTryValues } from '../variables/try-values';
import { ArrangeToolbar } from './arrange-toolbar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useCanvasInteractions } from './use-canvas-interactions';

/**
 * The editor's interactions on the editor's canvas: undo/redo, align/distribute, zoom controls and the shortcuts
 * dialog, plus what has no button (snapping while dragging, the keyboard, Space+drag). Placed inside
 * EditorProvider, next to the toolbar.
 */
export function CanvasInteractions() {
  const editor = useEditor();
  const tryValues = useTryValues();
  const interactions = useCanvasInteractions({
    canvas: editor.canvas,
    ready: editor.ready,
    page: editor.size,
    // Undo steps are of the design, never of tried values (shown on the canvas while trying, then dropped).
    serialize: () => tryValues.designToSave(editor),
    designRevision: editor.designRevisionNow,
    load: editor.load,
    changed: editor.changed,
    revision: editor.revision,
    locked: tryValues.trying,
  });
  return (
    <>
      <ArrangeToolbar interactions={interactions} selected={editor.selection.length} />
      <ShortcutsDialog open={interactions.helpOpen} onOpenChange={interactions.setHelpOpen} />
      {/* A keyboard move or delete said (the canvas shows it; a screen reader hears it): in the page from the start,
        empty, so the first message is read out too. */}
      <LiveMessage inline className="sr-only">
        {interactions.editSaid}
      </LiveMessage>
    </>
  );
}
