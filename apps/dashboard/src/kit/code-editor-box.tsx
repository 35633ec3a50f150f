import { CodeEditorHint } from './code-editor-hint';

/**
 * The box a code editor is mounted in: the focus ring is on the box, not CodeMirror's own dotted outline (clipped by
 * the box and hard to see). Here, not beside CodeMirror (use-code-mirror.ts), so the pages can draw the box while the
 * editor's chunk loads without loading it.
 */
export const CODE_EDITOR_BOX =
  'overflow-hidden rounded-md border border-slate-300 bg-white text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600';

/**
 * The height CodeMirror takes for `text` without wrapping: a line is 1.4 times the box's text size (CodeMirror's base
 * theme), its lines are padded 4 px above and below, and the box has a 1 px border (the box is border-box, as every
 * box of the dashboard). A line too long for the box wraps in the editor and is counted once here: the editor then
 * arrives that much taller, as it would without this.
 */
export const codeEditorHeight = (text: string): string => `calc(${text.split('\n').length} * 1.4em + 10px)`;

/**
 * Where a code editor stands while its chunk (CodeMirror) loads: the editor's box at the height the editor will have
 * for `text` (`height` is its least, as the editor has it) and the hint under it, so nothing below moves when the
 * editor arrives. Without it, a Render button pressed as the editor came in jumped down between the press and the
 * release (256 px, or the whole height of a long page's HTML), and the click went to whatever was then under the
 * pointer: nothing was sent and nothing said so.
 */
export function CodeEditorLoading({ height, text }: { height: 'min-h-64' | 'min-h-96'; text: string }) {
  return (
    <>
      <div className={`${height} ${CODE_EDITOR_BOX} p-3 text-slate-600`} style={{ height: codeEditorHeight(text) }}>
        Loading the editor…
      </div>
      <CodeEditorHint />
    </>
  );
}
