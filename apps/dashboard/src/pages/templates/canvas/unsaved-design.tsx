import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { VariableDefinition } from '../../../api/templates';
import { UnsavedChangesGuard } from '../../../kit/unsaved-changes';
import { useEditor } from './editor-context';
import { DefinitionsProvider, useDefinitions } from './variables/definitions';

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

/** What Save sends: the design's mark and the variable definitions (variables/definitions.tsx) as they are then. */
export interface SaveSnapshot extends SavedMark {
  definitions: VariableDefinition[];
}

/** Whether the design or the variable definitions differ from what was last saved (or loaded). */
export interface UnsavedDesignApi {
  dirty: boolean;
  /** The state to compare with: take it when Save sends the design, give it back to `markSaved` once saved. */
  snapshot: () => SaveSnapshot;
  /**
   * Saved: the design and the definitions as `state`; without one, the design as it is after this render (a layout
   * opened: the definitions keep their own mark, as opening a layout saves none of them).
   */
  markSaved: (state?: SaveSnapshot) => void;
}

const UnsavedDesignContext = createContext<UnsavedDesignApi | null>(null);

export function useUnsavedDesign(): UnsavedDesignApi {
  const api = useContext(UnsavedDesignContext);
  if (!api) throw new Error('useUnsavedDesign() outside <UnsavedDesignProvider>.');
  return api;
}

/**
 * Inside EditorProvider; holds the variable definitions being edited (`definitions`: the saved ones) and asks
 * before leaving the page with unsaved changes to the design or to them.
 */
export function UnsavedDesignProvider({
  width,
  height,
  definitions,
  children,
}: {
  width: number;
  height: number;
  definitions: VariableDefinition[];
  children: ReactNode;
}) {
  return (
    <DefinitionsProvider initial={definitions}>
      <UnsavedState width={width} height={height}>
        {children}
      </UnsavedState>
    </DefinitionsProvider>
  );
}

function UnsavedState({ width, height, children }: { width: number; height: number; children: ReactNode }) {
  const editor = useEditor();
  const definitions = useDefinitions();
  const { designRevision, designRevisionNow, ready } = editor;
  const [saved, setSaved] = useState<SavedMark | null>(null);
  // The first state once the design is loaded, and the state after a restore or a layout switch (whose new size
  // and design arrive with this render, hence not at the markSaved call).
  useEffect(() => {
    if (saved === null && ready) setSaved({ revision: designRevision, width, height });
  }, [saved, ready, designRevision, width, height]);
  const designDirty = ready && saved !== null && (saved.revision !== designRevision || saved.width !== width || saved.height !== height);
  const dirty = designDirty || definitions.dirty;
  const { snapshot: definitionsNow, markSaved: definitionsSaved } = definitions;
  const api = useMemo<UnsavedDesignApi>(
    () => ({
      dirty,
      // Between renders (Save takes it as the request leaves): the revision right now, not the last render's.
      snapshot: () => ({ revision: designRevisionNow(), width, height, definitions: definitionsNow() }),
      markSaved: (state) => {
        if (!state) return setSaved(null);
        setSaved({ revision: state.revision, width: state.width, height: state.height });
        definitionsSaved(state.definitions);
      },
    }),
    [dirty, designRevisionNow, width, height, definitionsNow, definitionsSaved],
  );
  return (
    <UnsavedDesignContext.Provider value={api}>
      <UnsavedChangesGuard dirty={dirty} description="The design or its variables have changes that are not saved yet." />
      {children}
    </UnsavedDesignContext.Provider>
  );
}
