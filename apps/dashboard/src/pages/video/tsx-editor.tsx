import { javascript } from '@codemirror/lang-javascript';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import { useEffect, useId } from 'react';
import { CODE_EDITOR_BOX } from '../../kit/code-editor-box';
import { CodeEditorHint } from '../../kit/code-editor-hint';
import { useCodeMirror } from '../../kit/use-code-mirror';
import type { CompilerError } from '../../api/video-code';

const LANGUAGE = [lintGutter(), javascript({ jsx: true, typescript: true })];

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
 * a line and column, for the error list beside the editor.
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
  const hint = useId();
  const { host, view } = useCodeMirror({ value, onChange, label, extensions: LANGUAGE, describedBy: hint });

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

  return (
    <>
      <div ref={host} className={`min-h-96 ${CODE_EDITOR_BOX}`} />
      <CodeEditorHint id={hint} />
    </>
  );
}
