import type { VariableDefinition } from '../../../../api/templates';
import { useEditor } from '../editor-context';
import { useDefinitions } from './definitions';
import { variablesInDesign } from './design-variables';
import { useTryValues } from './try-values';

/**
 * The variables of the design being edited: every one the design uses or the definitions name, definitions first; the
 * definition of each (plain text when it has none); and the values to render with: each one tried, else its default.
 */
export function useDesignVariableNames() {
  const editor = useEditor();
  const tryValues = useTryValues();
  const { definitions } = useDefinitions();
  const used = editor.ready ? variablesInDesign(tryValues.designToSave(editor)) : [];
  const names = [...new Set([...definitions.map((d) => d.name), ...used.map((u) => u.name)])];
  const definitionOf = (n: string): VariableDefinition => definitions.find((d) => d.name === n) ?? { name: n, type: 'text' };
  const valuesToRender = (tried: Record<string, string>) =>
    Object.fromEntries(names.map((n) => [n, tried[n] ?? String(definitionOf(n).defaultValue ?? '')]));
  return { names, definitionOf, valuesToRender };
}
