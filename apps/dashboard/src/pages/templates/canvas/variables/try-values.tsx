import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../../kit/button';
import { useEditor } from '../editor-context';
import type { EditorApi } from '../editor-context';
import { applyValues } from './design-variables';

/**
 * "Try values": the canvas shows the design with values applied, while the design itself (what Save
 * sends) stays the one before trying. Save asks `designToSave` instead of serializing the canvas. The design
 * cannot be edited while trying (an edit of the tried copy would be dropped by "Back to the design"): the
 * editing controls sit in `EditLock`, and the keyboard's edits are off (interactions' `locked`).
 */
export interface TryValuesApi {
  trying: boolean;
  start: (editor: EditorApi, values: Record<string, string>) => Promise<void>;
  stop: (editor: EditorApi) => Promise<void>;
  /** The design to save: the one under the tried values while trying. */
  designToSave: (editor: EditorApi) => Record<string, unknown>;
}

const TryValuesContext = createContext<TryValuesApi | null>(null);

export function useTryValues(): TryValuesApi {
  const api = useContext(TryValuesContext);
  if (!api) throw new Error('useTryValues() outside <TryValuesProvider>.');
  return api;
}

export function TryValuesProvider({ children }: { children: ReactNode }) {
  // The design under the tried values, and its design revision: the tried copy is not an edit, so the canvas
  // keeps that revision while it shows the copy and when the design comes back (nothing unsaved by trying).
  const original = useRef<{ design: Record<string, unknown>; revision: number } | null>(null);
  const [trying, setTrying] = useState(false);
  const api = useMemo<TryValuesApi>(
    () => ({
      trying,
      start: async (editor, values) => {
        const under = original.current ?? { design: editor.serialize(), revision: editor.designRevisionNow() };
        original.current = under;
        await editor.load(applyValues(under.design, values), { revision: under.revision });
        // Tried values are not edits: objects cannot be selected or moved until the design is back.
        for (const object of editor.canvas?.getObjects() ?? []) object.set({ selectable: false, evented: false });
        setTrying(true);
      },
      stop: async (editor) => {
        if (original.current) await editor.load(original.current.design, { revision: original.current.revision });
        original.current = null;
        setTrying(false);
      },
      designToSave: (editor) => original.current?.design ?? editor.serialize(),
    }),
    [trying],
  );
  return <TryValuesContext.Provider value={api}>{children}</TryValuesContext.Provider>;
}

/** Editing controls (toolbar, layers, properties…): disabled, all at once, while tried values are shown. */
export function EditLock({ children }: { children: ReactNode }) {
  const { trying } = useTryValues();
  // A fieldset disables every control inside it; `contents` keeps the layout as if it were not there.
  return (
    <fieldset disabled={trying} className="contents">
      {children}
    </fieldset>
  );
}

/** Says why editing is off while tried values are shown, with the way back. */
export function TryValuesNote() {
  const editor = useEditor();
  const tryValues = useTryValues();
  if (!tryValues.trying) return null;
  return (
    // data-editing-off: a tool of the row turned off with focus on it passes focus here, to the way back (keep-focus.ts).
    <div
      role="status"
      data-editing-off=""
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <span>Showing tried values: go back to the design to edit it.</span>
      <Button variant="secondary" onClick={() => void tryValues.stop(editor)}>
        Back to the design
      </Button>
    </div>
  );
}
