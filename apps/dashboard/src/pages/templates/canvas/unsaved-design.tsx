import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { UnsavedChangesGuard } from '../../../kit/unsaved-changes';
import { useEditor } from './editor-context';

/**
 * What was last saved (or loaded): the editor's design revision then, and the template size. The revision names
 * the design's state (editor-context.tsx), so comparing it is constant work however large the design is; the
 * design under tried values keeps its revision, and an undo back to the saved state gives the saved revision back.
 */
export interface SavedMark {
  revision: number;
  width: number;
  height: number;
}

/** Whether the design differs from what was last saved (or loaded). */
export interface UnsavedDesignApi {
  dirty: boolean;
  /** The state to compare with: take it when Save sends the design, give it back to `markSaved` once saved. */
  snapshot: () => SavedMark;
  /** The design is saved (as `state`, or as it is after this render: a version restored, a layout opened). */
  markSaved: (state?: SavedMark) => void;
}

const UnsavedDesignContext = createContext<UnsavedDesignApi | null>(null);

export function useUnsavedDesign(): UnsavedDesignApi {
  const api = useContext(UnsavedDesignContext);
  if (!api) throw new Error('useUnsavedDesign() outside <UnsavedDesignProvider>.');
  return api;
}

/** Inside EditorProvider; asks before leaving the page with unsaved changes. */
export function UnsavedDesignProvider({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  const editor = useEditor();
  const { designRevision, designRevisionNow, ready } = editor;
  const [saved, setSaved] = useState<SavedMark | null>(null);
  // The first state once the design is loaded, and the state after a restore or a layout switch (whose new size
  // and design arrive with this render, hence not at the markSaved call).
  useEffect(() => {
    if (saved === null && ready) setSaved({ revision: designRevision, width, height });
  }, [saved, ready, designRevision, width, height]);
  const dirty = ready && saved !== null && (saved.revision !== designRevision || saved.width !== width || saved.height !== height);
  const api = useMemo<UnsavedDesignApi>(
    () => ({
      dirty,
      // Between renders (Save takes it as the request leaves): the revision right now, not the last render's.
      snapshot: () => ({ revision: designRevisionNow(), width, height }),
      markSaved: (state) => setSaved(state ?? null),
    }),
    [dirty, designRevisionNow, width, height],
  );
  return (
    <UnsavedDesignContext.Provider value={api}>
      <UnsavedChangesGuard dirty={dirty} description="The design has changes that are not saved yet." />
      {children}
    </UnsavedDesignContext.Provider>
  );
}
