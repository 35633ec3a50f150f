import { html } from '@codemirror/lang-html';
import { useId } from 'react';
import { CODE_EDITOR_BOX } from './code-editor-box';
import { CodeEditorHint } from './code-editor-hint';
import { ErrorText } from './message-text';
import { useCodeMirror } from './use-code-mirror';

const LANGUAGE = [html()];

/**
 * CodeMirror 6 for HTML, in its own chunk (the pages that edit HTML load it on demand: the template editor, the playground).
 * `error`: the API's refusal of the HTML, shown under the editor as a text field shows its own: the editor is marked
 * invalid and described by it, its box red, so a Form's "Check the highlighted field." points at it and focus goes there.
 */
export default function CodeEditor({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string | undefined;
}) {
  const hint = useId();
  const errorId = `${hint}-error`;
  const { host } = useCodeMirror({
    value,
    onChange,
    label,
    extensions: LANGUAGE,
    describedBy: error ? `${hint} ${errorId}` : hint,
    invalid: Boolean(error),
  });
  return (
    <>
      <div ref={host} className={`min-h-64 ${error ? CODE_EDITOR_BOX.replace('border-slate-300', 'border-red-600') : CODE_EDITOR_BOX}`} />
      <CodeEditorHint id={hint} />
      {error && <ErrorText id={errorId} text={error} />}
    </>
  );
}
