import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * One CodeMirror 6 editor mounted in `host`, as every code field of the dashboard has it: line numbers, history,
 * Tab indents (Escape then Tab leaves the editor, as CodeMirror documents for keyboard users), wrapped lines (no
 * horizontal scroll region that keyboard users could not reach), `label` for assistive technology and `onChange` on
 * every edit. The editor owns its text once created; a `value` that changes from outside replaces it. `extensions`
 * (the language, a lint gutter) are read once. Only the lazily loaded editor pages import this, so CodeMirror stays
 * out of the first chunk.
 */
export function useCodeMirror(options: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  extensions: Extension[];
  /** The ids of what describes the editor: the line that says how to leave it (CodeEditorHint), a refusal under it. */
  describedBy?: string;
  /** A refusal stands under the editor: its text area is marked invalid (read by assistive technology and the kit's Form). */
  invalid?: boolean;
}): {
  host: RefObject<HTMLDivElement | null>;
  view: RefObject<EditorView | null>;
} {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(options.onChange);
  changed.current = options.onChange;
  // The text area's name, description and invalid mark, replaced when they change (a refusal shown or gone).
  const attributes = useRef(new Compartment());
  const contentAttributes = () =>
    EditorView.contentAttributes.of({
      'aria-label': options.label,
      ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
      ...(options.invalid ? { 'aria-invalid': 'true' } : {}),
    });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: options.value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          ...options.extensions,
          EditorView.lineWrapping,
          attributes.current.of(contentAttributes()),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // Created once: later values arrive through the effect below.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== options.value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: options.value } });
    }
  }, [options.value]);

  useEffect(() => {
    view.current?.dispatch({ effects: attributes.current.reconfigure(contentAttributes()) });
  }, [options.label, options.describedBy, options.invalid]);

  return { host, view };
}
