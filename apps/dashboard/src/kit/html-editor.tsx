import { html } from '@codemirror/lang-html';
import { useId } from 'react';
import { CodeEditorHint } from './code-editor-hint';
import { CODE_EDITOR_BOX, useCodeMirror } from './use-code-mirror';

const LANGUAGE = [html()];

/** CodeMirror 6 for HTML, in its own chunk (the pages that edit HTML load it on demand: the template editor, the playground). */
export default function CodeEditor({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const hint = useId();
  const { host } = useCodeMirror({ value, onChange, label, extensions: LANGUAGE, describedBy: hint });
  return (
    <>
      <div ref={host} className={`min-h-64 ${CODE_EDITOR_BOX}`} />
      <CodeEditorHint id={hint} />
    </>
  );
}
