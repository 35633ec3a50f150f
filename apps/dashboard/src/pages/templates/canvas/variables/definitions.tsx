import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { besideItsField } from '../../../../api/problem';
import type { VariableDefinition } from '../../../../api/templates';
import { fieldError } from '../../../../kit/form';
import { comparable, definitionProblems } from './definition-rules';

/**
 * The template's variable definitions as edited (the Variables panel changes them, binding adds them). They are
 * part of what "Save template" sends, with the design, in one PUT (one version): the editor holds them here, not
 * in the panel, so that the save bar sends them and the unsaved-changes note and the leave prompt count them.
 */
export interface DefinitionsApi {
  definitions: VariableDefinition[];
  update: (change: (all: VariableDefinition[]) => VariableDefinition[]) => void;
  /** The definitions differ from the last saved (or loaded) ones. */
  dirty: boolean;
  /** What the definitions are now: Save sends it and gives it back to `markSaved` once saved. */
  snapshot: () => VariableDefinition[];
  markSaved: (saved: VariableDefinition[]) => void;
  /** Saved definitions loaded in place of the edited ones (a version restored). */
  reset: (saved: VariableDefinition[]) => void;
  /**
   * Why a field of the definition at `index` (`validation.maxLength`, `defaultValue`…) cannot be saved, or
   * undefined: the API's own rule (libs/contracts VariableDefinitions) as it is typed, else the last save's refusal.
   */
  problemOf: (index: number, field: string) => string | undefined;
  /** Problems of the definition at `index` on fields the panel has no input for (shown under its name). */
  otherProblems: (index: number, shown: readonly string[]) => string[];
  /** Whether any definition breaks the API's rule (Save refuses before sending). */
  invalid: boolean;
  /** The last save's failure (its per-field errors are shown beside the definitions' fields). */
  setSaveError: (error: unknown) => void;
}

const DefinitionsContext = createContext<DefinitionsApi | null>(null);

export function useDefinitions(): DefinitionsApi {
  const api = useContext(DefinitionsContext);
  if (!api) throw new Error('useDefinitions() outside <DefinitionsProvider>.');
  return api;
}

export function DefinitionsProvider({ initial, children }: { initial: VariableDefinition[]; children: ReactNode }) {
  const [definitions, setDefinitions] = useState<VariableDefinition[]>(initial);
  const [saved, setSaved] = useState<string>(() => comparable(initial));
  const [saveError, setSaveError] = useState<unknown>(null);
  const problems = useMemo(() => definitionProblems(definitions), [definitions]);
  const current = useMemo(() => comparable(definitions), [definitions]);
  const dirty = current !== saved;
  const snapshot = useCallback(() => definitions, [definitions]);
  const api = useMemo<DefinitionsApi>(
    () => ({
      definitions,
      update: (change) => setDefinitions(change),
      dirty,
      snapshot,
      markSaved: (state) => {
        setSaved(comparable(state));
        setSaveError(null);
      },
      reset: (state) => {
        setDefinitions(state);
        setSaved(comparable(state));
        setSaveError(null);
      },
      // The rule's own words name fields as the API does (`maxLength` must be at least `minLength`); beside the
      // field they read as every form's refusals do (besideItsField).
      problemOf: (index, field) => {
        const own = problems.get(`${index}.${field}`);
        return own === undefined ? fieldError(saveError, `variableDefinitions.${index}.${field}`) : besideItsField(field, own);
      },
      otherProblems: (index, shown) =>
        [...problems.entries()]
          .filter(([path]) => path.startsWith(`${index}.`) && !shown.includes(path.slice(`${index}.`.length)))
          .map(([, message]) => message),
      invalid: problems.size > 0,
      setSaveError,
    }),
    [definitions, dirty, snapshot, problems, saveError],
  );
  return <DefinitionsContext.Provider value={api}>{children}</DefinitionsContext.Provider>;
}
