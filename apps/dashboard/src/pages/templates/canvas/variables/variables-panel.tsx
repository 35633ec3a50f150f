import { isVariableName, variableNameProblem } from '@pressroom/contracts';
import type { FabricObject } from 'fabric';
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { VariableDefinition } from '../../../../api/templates';
import { Button } from '../../../../kit/button';
import { TextField } from '../../../../kit/field';
import { LiveMessage } from '../../../../kit/live-message';
import { SelectField } from '../../../../kit/select-field';
import { useEditor } from '../editor-context';
import { useDefinitions } from './definitions';
import { useDesignVariableNames } from './design-variable-names';
import { PROPERTY_TYPE, bindablePropertyOf, isTextType, type VariableType } from './design-variables';
import { useTryValues } from './try-values';
import { ErrorText } from '../../../../kit/message-text';

const TYPES: ReadonlyArray<readonly [VariableType, string]> = [
  ['text', 'Text'],
  ['image', 'Image URL'],
  ['color', 'Colour'],
  ['number', 'Number'],
  ['boolean', 'Yes/no'],
];

type Bindings = Record<string, string>;
const bindingsOf = (object: FabricObject): Bindings => ({ ...((object.get('variableBindings') as Bindings | undefined) ?? {}) });

/** The fields of a definition the panel has an input for: the API's refusal of any of them stands beside it. */
const SHOWN_FIELDS = ['type', 'defaultValue', 'validation.minLength', 'validation.maxLength', 'validation.required'] as const;

/**
 * Variables of a canvas template: bind the selected object (a text's whole text or a `{{name}}` inside it,
 * an image's source, a shape's fill) to a variable; edit the definitions (variables/definitions.tsx: "Save
 * template" saves them with the design); try values on the canvas. The values tried (`tried`, kept by the page) are also
 * what the Render panel renders with (render-panel.tsx).
 */
export function VariablesPanel({
  tried: values,
  onTried: setValues,
}: {
  tried: Record<string, string>;
  onTried: Dispatch<SetStateAction<Record<string, string>>>;
}) {
  const editor = useEditor();
  const tryValues = useTryValues();
  const { definitions, update: setDefinitions, problemOf, otherProblems } = useDefinitions();
  const { names, definitionOf, valuesToRender } = useDesignVariableNames();
  const [name, setName] = useState('');
  // Nothing to bind while tried values are shown: the canvas holds a copy then (try-values.tsx).
  const selected = editor.selection.length === 1 && !tryValues.trying ? editor.selection[0]! : null;
  const property = selected ? bindablePropertyOf(selected.type) : null;

  const setDefinition = (n: string, change: Partial<VariableDefinition>) =>
    setDefinitions((all) => {
      const next = { ...definitionOf(n), ...change };
      return all.some((d) => d.name === n) ? all.map((d) => (d.name === n ? next : d)) : [...all, next];
    });
  // The API's own rule and words (libs/contracts): a name the renderer reads as one variable, Unicode letters included.
  const nameError = name === '' ? undefined : (variableNameProblem(name) ?? undefined);

  const define = (n: string, type: VariableType, defaultValue: unknown) => {
    if (!definitions.some((d) => d.name === n)) setDefinitions((all) => [...all, { name: n, type, defaultValue }]);
  };
  const bind = () => {
    if (!selected || !property || !isVariableName(name)) return;
    // The object's own value is the default (a gradient fill is no value a variable takes: no default then).
    const current: unknown = selected.get(property);
    define(name, PROPERTY_TYPE[property], typeof current === 'string' && current !== '' ? current : undefined);
    selected.set('variableBindings', { ...bindingsOf(selected), [property]: name });
    editor.changed();
  };
  const insertPlaceholder = () => {
    if (!selected || !isTextType(selected.type) || !isVariableName(name)) return;
    define(name, 'text', name);
    // Appended: fabric's styles are per character, so the text before it keeps its styles in place. A space
    // keeps it a word of its own ("Hello {{name}}", not "Hello{{name}}").
    const text = String(selected.get('text') ?? '');
    selected.set('text', `${text}${text === '' || /\s$/.test(text) ? '' : ' '}{{${name}}}`);
    editor.changed();
  };
  const unbind = () => {
    if (!selected || !property) return;
    const bindings = bindingsOf(selected);
    delete bindings[property];
    selected.set('variableBindings', Object.keys(bindings).length > 0 ? bindings : undefined);
    editor.changed();
  };

  const currentBinding = selected && property ? bindingsOf(selected)[property] : undefined;

  return (
    <section aria-label="Variables" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 className="text-lg font-semibold">Variables</h2>
      {selected && property ? (
        <div className="flex flex-col gap-2">
          <TextField label="Variable name" value={name} onChange={(e) => setName(e.target.value.trim())} error={nameError} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!isVariableName(name)} onClick={bind}>
              {property === 'text' ? 'Bind whole text' : property === 'src' ? 'Bind image source' : 'Bind fill colour'}
            </Button>
            {property === 'text' && (
              <Button variant="secondary" disabled={!isVariableName(name)} onClick={insertPlaceholder}>
                Insert {'{{'}
                {name || 'name'}
                {'}}'} in text
              </Button>
            )}
            {currentBinding && (
              <Button variant="ghost" onClick={unbind}>
                Unbind {currentBinding}
              </Button>
            )}
          </div>
          {currentBinding && <p className="text-sm text-slate-700">Bound to {currentBinding}.</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-700">Select one text, image or shape to bind it to a variable.</p>
      )}

      {names.length === 0 ? (
        <p className="text-sm text-slate-700">No variables yet.</p>
      ) : (
        <ul aria-label="Variable list" className="flex flex-col gap-3">
          {names.map((n) => {
            const d = definitionOf(n);
            // The index Save sends it at (definitions keep their order; a used but undefined name is sent once edited).
            const at = definitions.findIndex((x) => x.name === n);
            const problem = (field: string) => (at < 0 ? undefined : problemOf(at, field));
            const others = at < 0 ? [] : otherProblems(at, SHOWN_FIELDS);
            return (
              <li key={n} aria-label={`Variable ${n}`} className="flex flex-col gap-2 border-t border-slate-200 pt-2">
                <p className="font-mono text-sm">{n}</p>
                {others.map((message) => (
                  <ErrorText key={message} text={message} />
                ))}
                <div className="grid grid-cols-2 gap-2">
                  <SelectField
                    label="Type"
                    options={TYPES}
                    value={d.type}
                    onChange={(e) => setDefinition(n, { type: e.target.value as VariableType })}
                    error={problem('type')}
                  />
                  <TextField
                    label="Default"
                    value={String(d.defaultValue ?? '')}
                    onChange={(e) => setDefinition(n, { defaultValue: e.target.value === '' ? undefined : e.target.value })}
                    error={problem('defaultValue')}
                  />
                  <TextField
                    label="Min length"
                    type="number"
                    min={0}
                    step={1}
                    value={d.validation?.minLength ?? ''}
                    onChange={(e) => setDefinition(n, { validation: { ...d.validation, minLength: typedLength(e.target) } })}
                    error={problem('validation.minLength')}
                  />
                  <TextField
                    label="Max length"
                    type="number"
                    min={0}
                    step={1}
                    value={d.validation?.maxLength ?? ''}
                    onChange={(e) => setDefinition(n, { validation: { ...d.validation, maxLength: typedLength(e.target) } })}
                    error={problem('validation.maxLength')}
                  />
                </div>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={d.validation?.required ?? false}
                    onChange={(e) => setDefinition(n, { validation: { ...d.validation, required: e.target.checked } })}
                  />
                  Required
                </label>
                {problem('validation.required') && <ErrorText text={problem('validation.required')!} />}
                <TextField
                  label={`Try value for ${n}`}
                  value={values[n] ?? ''}
                  placeholder={String(d.defaultValue ?? '')}
                  onChange={(e) => setValues((v) => ({ ...v, [n]: e.target.value }))}
                />
              </li>
            );
          })}
        </ul>
      )}
      {names.length > 0 && <p className="text-xs text-slate-600">Save template saves these settings with the design.</p>}
      <div className="flex flex-wrap gap-2">
        {tryValues.trying ? (
          <Button variant="secondary" onClick={() => void tryValues.stop(editor)}>
            Back to the design
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={!editor.ready || names.length === 0}
            onClick={() => void tryValues.start(editor, valuesToRender(values))}
          >
            Try values on canvas
          </Button>
        )}
      </div>
      <LiveMessage>{tryValues.trying && 'Showing tried values; the design is unchanged.'}</LiveMessage>
    </section>
  );
}

/**
 * A length as typed, kept as typed: -5 or 2.5 stays in the definition, where the API's rule refuses it beside
 * the field (definitions.tsx) instead of being dropped while the page says "Saved". Empty (or not yet a number,
 * as "-" on its way to "-5") is no rule.
 */
function typedLength(input: HTMLInputElement): number | undefined {
  return input.value === '' || !Number.isFinite(input.valueAsNumber) ? undefined : input.valueAsNumber;
}
