import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/problem';
import type { VariableDefinition } from '../../api/templates';
import { fieldError } from '../../kit/form';
import { ErrorText } from '../../kit/message-text';
import { SelectField } from '../../kit/select-field';
import { variablesOf } from '../templates/variable-names';
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

/**
 * What is mapped, each with a button that removes it. With `template` (the one the form would save the binding
 * with), a mapped variable it does not have is marked so, and `error` (the form's failure; its `mapping` refusal, see
 * mappingRefusals) stands under the list, describing those entries' Unmap buttons. Refused over the mapping alone,
 * focus goes to the first such Unmap (there is no field there for the form to focus).
 */
export function MappingList({
  mapping,
  onUnmap,
  template,
  error,
}: {
  mapping: Mapping;
  onUnmap: (variable: string) => void;
  template?: JudgedTemplate | undefined;
  error?: unknown;
}) {
  const errorId = useId();
  const list = useRef<HTMLDivElement>(null);
  const refusal = fieldError(error, 'mapping');
  useEffect(() => {
    if (!refusal || !(error instanceof ApiError) || error.fieldErrors().length !== 1) return;
    list.current?.querySelector<HTMLElement>('button[aria-describedby]')?.focus();
  }, [error, refusal]);
  const missing = (v: string) => template !== undefined && !template.variables.includes(v);
  return (
    <div ref={list} className="text-sm">
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
              {/* Beside the path, not in it: a path breaks anywhere, these words between words. */}
              {missing(v) && <span className="text-amber-900">(not a variable of {template!.name})</span>}
              <button
                type="button"
                className="text-xs underline"
                onClick={() => onUnmap(v)}
                aria-describedby={refusal && missing(v) ? errorId : undefined}
              >
                Unmap {v}
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusal && <ErrorText id={errorId} text={refusal} />}
    </div>
  );
}

/** A template as a mapping is judged against it: its name and its variables. */
export interface JudgedTemplate {
  name: string;
  variables: readonly string[];
}

/**
 * The template a mapping is judged against, or undefined when it cannot be: judged for an HTML template only (a
 * canvas one's text objects may read variables its definitions do not list).
 */
export function judgedTemplate(
  template: { name: string; html?: string | null | undefined; variableDefinitions: VariableDefinition[] } | undefined,
): JudgedTemplate | undefined {
  if (!template?.html) return undefined;
  return { name: template.name, variables: variablesOf(template.html, template.variableDefinitions).map((v) => v.name) };
}

/**
 * Mapped variables the template does not have (mapped for another template, then the template changed): the binding
 * would render without those values and never say so. Refused under the mapping (field `mapping`, for refusedHere),
 * before anything is sent; none when the mapping fits or the template cannot be judged.
 */
export function mappingRefusals(mapping: Mapping, template: JudgedTemplate | undefined): { field: string; message: string }[] {
  const unknown = template ? unknownVariables(mapping, template.variables) : [];
  if (!template || unknown.length === 0) return [];
  const one = unknown.length === 1;
  return [
    {
      field: 'mapping',
      message: `${template.name} has no variable${one ? '' : 's'} ${unknown.join(', ')}: unmap ${one ? 'it' : 'them'}, or choose a template that has ${one ? 'it' : 'them'}.`,
    },
  ];
}

/** The mapped variables `variables` (a template's) does not have, in mapping order. */
export function unknownVariables(mapping: Mapping, variables: readonly string[]): string[] {
  return Object.keys(mapping).filter((v) => !variables.includes(v));
}

/** The mapping without one variable. */
export function withoutVariable(mapping: Mapping, variable: string): Mapping {
  return Object.fromEntries(Object.entries(mapping).filter(([v]) => v !== variable));
}
