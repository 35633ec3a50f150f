import type { VariableDefinition } from '../../api/templates';
import { Button } from '../../kit/button';
import { TextField } from '../../kit/field';
import { fieldError } from '../../kit/form';

/** Each type as the API names it and as a designer reads it (the canvas editor's Variables panel uses the same words). */
const TYPES: ReadonlyArray<readonly [VariableDefinition['type'], string]> = [
  ['text', 'Text'],
  ['image', 'Image URL'],
  ['color', 'Colour'],
  ['number', 'Number'],
  ['boolean', 'Yes/no'],
];

/**
 * Variable definitions: name, type, required, lengths, raw HTML. Each row's controls are labelled by the row.
 * `error` is the last save's failure: the API's message for `variableDefinitions.<i>.<field>` shows beside that field.
 */
export function DefinitionsEditor({
  value,
  onChange,
  error,
}: {
  value: VariableDefinition[];
  onChange: (next: VariableDefinition[]) => void;
  error?: unknown;
}) {
  const set = (i: number, patch: Partial<VariableDefinition>) => onChange(value.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const setRule = (i: number, patch: NonNullable<VariableDefinition['validation']>) =>
    set(i, { validation: { ...value[i]!.validation, ...patch } });
  const length = (text: string) => (text === '' ? undefined : Math.max(0, Math.floor(Number(text))));
  const errorOf = (i: number, field: string) => fieldError(error, `variableDefinitions.${i}.${field}`);
  return (
    <div className="flex flex-col gap-3">
      {value.length === 0 && (
        <p className="text-sm text-slate-700">
          No definitions yet: every variable is optional, typed as Variables shows it. Add one to choose a variable’s type or default, limit
          its length, or make it required.
        </p>
      )}
      {value.map((d, i) => (
        <fieldset key={i} className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2 text-sm sm:grid-cols-4">
          <legend className="px-1 font-medium">Definition {i + 1}</legend>
          <TextField label="Name" value={d.name} onChange={(e) => set(i, { name: e.target.value })} error={errorOf(i, 'name')} />
          <label className="flex flex-col gap-1">
            Type
            <select
              className="rounded border border-slate-300 px-2 py-1"
              value={d.type}
              onChange={(e) => set(i, { type: e.target.value as VariableDefinition['type'] })}
            >
              {TYPES.map(([type, label]) => (
                <option key={type} value={type}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label="Min length"
            type="number"
            min={0}
            value={d.validation?.minLength ?? ''}
            onChange={(e) => setRule(i, { minLength: length(e.target.value) })}
            error={errorOf(i, 'validation.minLength')}
          />
          <TextField
            label="Max length"
            type="number"
            min={0}
            value={d.validation?.maxLength ?? ''}
            onChange={(e) => setRule(i, { maxLength: length(e.target.value) })}
            error={errorOf(i, 'validation.maxLength')}
          />
          <TextField
            label="Default value"
            value={d.defaultValue === undefined || d.defaultValue === null ? '' : String(d.defaultValue)}
            // Text is enough: the API coerces numbers and booleans from text, as it does for URL renders.
            onChange={(e) => set(i, { defaultValue: e.target.value === '' ? undefined : e.target.value })}
            error={errorOf(i, 'defaultValue')}
          />
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={d.validation?.required === true} onChange={(e) => setRule(i, { required: e.target.checked })} />
            Required
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={d.allowRawHtml === true} onChange={(e) => set(i, { allowRawHtml: e.target.checked })} />
            Insert as HTML (not escaped)
          </label>
          <Button
            variant="ghost"
            onClick={() => onChange(value.filter((_, j) => j !== i))}
            aria-label={`Remove definition ${d.name || i + 1}`}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" className="self-start" onClick={() => onChange([...value, { name: '', type: 'text' }])}>
        Add definition
      </Button>
    </div>
  );
}
