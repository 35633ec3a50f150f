import { CodeEditorHint } from './code-editor-hint';

/**
 * The box a code editor is mounted in: the focus ring is on the box, not CodeMirror's own dotted outline (clipped by
 * the box and hard to see). Here, not beside CodeMirror (use-code-mirror.ts), so the pages can draw the box while the
 * editor's chunk loads without loading it.
 */
export const CODE_EDITOR_BOX =
  'overflow-hidden rounded-md border border-slate-300 bg-white text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600';

/**
 * Where a code editor stands while its chunk (CodeMirror) loads: the editor's box at its least height (`height`, as
 * the editor has it) and the hint under it, so nothing below moves when the editor arrives. Without it, a Render
 * button pressed as the editor came in jumped 256 px between the press and the release, and the click went to
 * whatever was then under the pointer: nothing was sent and nothing said so.
 */
export function CodeEditorLoading({ height }: { height: 'min-h-64' | 'min-h-96' }) {
  return (
    <>
      <div className={`${height} ${CODE_EDITOR_BOX} p-3 text-slate-600`}>Loading the editor…</div>
      <CodeEditorHint />
    </>
  );
}
