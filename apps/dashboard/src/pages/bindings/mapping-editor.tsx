import { useState } from 'react';
import { SelectField } from '../../kit/select-field';
import { JsonPicker } from './json-picker';

export type Mapping = Record<string, string>;

/**
 * The fetched JSON with a variable chooser: clicking a value maps its path to the chosen variable.
 * Creating a binding and editing one's mapping both use it.
 */
export function MappingPicker({
  data,
  variables,
  onMap,
}: {
  data: unknown;
  variables: string[];
  onMap: (variable: string, path: string) => void;
}) {
  const [variable, setVariable] = useState('');
  const chosen = variables.includes(variable) ? variable : (variables[0] ?? '');
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="Variable to map"
        value={chosen}
        onChange={(e) => setVariable(e.target.value)}
        options={variables.map((v) => [v, v] as const)}
      />
      <div className="max-h-80 overflow-auto rounded-md border border-slate-200 p-2" role="region" aria-label="Fetched JSON">
        <JsonPicker data={data} onPick={(path) => chosen && onMap(chosen, path)} />
      </div>
    </div>
  );
}

/** What is mapped, each with a button that removes it. */
export function MappingList({ mapping, onUnmap }: { mapping: Mapping; onUnmap: (variable: string) => void }) {
  return (
    <div className="text-sm">
      <p className="font-medium">Mapping</p>
      {Object.keys(mapping).length === 0 ? (
        <p className="text-slate-700">Nothing mapped yet.</p>
      ) : (
        <ul aria-label="Mapping">
          {Object.entries(mapping).map(([v, path]) => (
            <li key={v} className="flex flex-wrap items-center gap-2">
              <span className="break-all">
                {v} ← <code>{path}</code>
              </span>
              <button type="button" className="text-xs underline" onClick={() => onUnmap(v)}>
                Unmap {v}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The mapping without one variable. */
export function withoutVariable(mapping: Mapping, variable: string): Mapping {
  return Object.fromEntries(Object.entries(mapping).filter(([v]) => v !== variable));
}
