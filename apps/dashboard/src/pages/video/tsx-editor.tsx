import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { CompilerError } from '../../api/video-code';

/** Where a compiler message points in the document: its line and column (1-based) to the end of that word. */
function rangeOf(doc: Text, error: CompilerError): { from: number; to: number } | null {
  if (error.line === null || error.line < 1 || error.line > doc.lines) return null;
  const line = doc.line(error.line);
  const from = Math.min(line.from + Math.max((error.column ?? 1) - 1, 0), line.to);
  const word = /^[\w$]+/.exec(doc.sliceString(from, line.to));
  // A message at the end of a line (a missing token) still marks one character, so it can be seen.
  return { from, to: word ? from + word[0].length : Math.min(from + 1, doc.length) };
}

function diagnosticsOf(doc: Text, errors: readonly CompilerError[]): Diagnostic[] {
  return errors.flatMap((error) => {
    const range = rangeOf(doc, error);
    return range ? [{ ...range, severity: 'error' as const, message: error.message, source: 'esbuild' }] : [];
  });
}

/**
 * CodeMirror 6 for a code template's TSX (its own chunk with the page). The compiler's messages from the last
 * save are shown inline as diagnostics (underline, gutter marker, hover message). `jumpTo` moves the cursor to
 * a line and column, for the error list beside the editor. Escape then Tab leaves the editor.
 */
export default function TsxEditor({
  value,
  onChange,
  label,
  errors,
  jumpTo,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  errors: readonly CompilerError[];
  jumpTo: { line: number; column: number; at: number } | null;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          lintGutter(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          javascript({ jsx: true, typescript: true }),
          // Wrapped like the HTML editor: no horizontal scroll region that keyboard users could not reach.
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor owns its text after creation; outside changes arrive through the effect below.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(editor.state.doc, errors)));
  }, [errors]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !jumpTo) return;
    const range = rangeOf(editor.state.doc, { ...jumpTo, message: '' });
    if (!range) return;
    editor.dispatch({ selection: { anchor: range.from }, scrollIntoView: true });
    editor.focus();
  }, [jumpTo]);

  return <div ref={host} className="min-h-96 overflow-hidden rounded-md border border-slate-300 bg-white text-sm" />;
}
