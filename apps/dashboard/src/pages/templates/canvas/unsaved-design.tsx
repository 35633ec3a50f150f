import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { UnsavedChangesGuard } from '../../../kit/unsaved-changes';
import { useEditor } from './editor-context';
import { useTryValues } from './variables/try-values';

/**
 * Whether the design differs from what was last saved (or loaded): the design under any tried values and the
 * template size, compared with their state at the last save, restore or layout switch. An undo back to the
 * saved state is not a change.
 */
export interface UnsavedDesignApi {
  dirty: boolean;
  /** The state to compare with: take it when Save sends the design, give it back to `markSaved` once saved. */
  snapshot: () => string;
  /** The design is saved (as `state`, or as it is after this render: a version restored, a layout opened). */
  markSaved: (state?: string) => void;
}

const UnsavedDesignContext = createContext<UnsavedDesignApi | null>(null);

export function useUnsavedDesign(): UnsavedDesignApi {
  const api = useContext(UnsavedDesignContext);
  if (!api) throw new Error('useUnsavedDesign() outside <UnsavedDesignProvider>.');
  return api;
}

/** Inside EditorProvider and TryValuesProvider; asks before leaving the page with unsaved changes. */
export function UnsavedDesignProvider({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const [saved, setSaved] = useState<string | null>(null);
  const snapshot = useCallback(
    () => JSON.stringify({ design: tryValues.designToSave(editor), width, height }),
    [tryValues, editor, width, height],
  );
  // The first state once the design is loaded, and the state after a restore or a layout switch.
  useEffect(() => {
    if (saved === null && editor.ready) setSaved(snapshot());
  }, [saved, editor.ready, snapshot]);
  const dirty = editor.ready && saved !== null && snapshot() !== saved;
  const api = useMemo<UnsavedDesignApi>(() => ({ dirty, snapshot, markSaved: (state) => setSaved(state ?? null) }), [dirty, snapshot]);
  return (
    <UnsavedDesignContext.Provider value={api}>
      <UnsavedChangesGuard dirty={dirty} description="The design has changes that are not saved yet." />
      {children}
    </UnsavedDesignContext.Provider>
  );
}
