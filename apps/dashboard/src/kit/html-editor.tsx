import { html } from '@codemirror/lang-html';
import { useId } from 'react';
import { CodeEditorHint } from './code-editor-hint';
import { useCodeMirror } from './use-code-mirror';

const LANGUAGE = [html()];

/** CodeMirror 6 for HTML, in its own chunk (the pages that edit HTML load it on demand: the template editor, the playground). */
export default function CodeEditor({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const hint = useId();
  const { host } = useCodeMirror({ value, onChange, label, extensions: LANGUAGE, describedBy: hint });
  return (
    <>
      {/* The ring on the box, not CodeMirror's own dotted outline (clipped by the box and hard to see). */}
      <div
        ref={host}
        className="min-h-64 overflow-hidden rounded-md border border-slate-300 bg-white text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600"
      />
      <CodeEditorHint id={hint} />
    </>
  );
}
