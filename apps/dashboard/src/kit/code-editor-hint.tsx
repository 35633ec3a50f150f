/**
 * Under every code editor: Tab indents there, so keyboard users are told the way out (CodeMirror's own convention).
 * The editor's text area names this line as its description.
 */
export function CodeEditorHint({ id }: { id?: string }) {
  return (
    <p id={id} className="text-xs text-slate-600">
      Tab indents. To leave the editor with the keyboard, press Esc, then Tab.
    </p>
  );
}
