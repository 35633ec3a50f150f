import { useEffect, useRef, useState } from 'react';
import type { VariableDefinition } from '../../../api/templates';
import { Button } from '../../../kit/button';
import { bindNameProblem } from './bind-name';
import { PropertyField } from './property-field';
import { errorsUnder } from './studio-errors';
import { clipGroups } from './clip-field-specs';
import { clipAt, setClipProperty, type ClipRef, type ClipType, type Project } from './timeline-model';
import { definitionsFor, variableUses } from './timeline-variables';

/**
 * The settings of a clip of `type` a variable can fill, as [path, "Label — path"]: the clip's own settings first, then
 * timing, placement and animation (its main value has its own Variable field, so it is not repeated here).
 */
function bindableSettings(type: ClipType): Array<readonly [string, string]> {
  const [timing, own, ...rest] = clipGroups(type);
  return [own, timing, ...rest]
    .flatMap((group) => group?.[1] ?? [])
    .filter((spec) => spec.path !== 'variable')
    .map((spec) => [spec.path, `${spec.label} — ${spec.path}`] as const);
}

const TYPES = [
  ['text', 'Text'],
  ['color', 'Colour'],
  ['image', 'Image URL'],
  ['number', 'Number'],
  ['boolean', 'Yes / no'],
] as const;

/**
 * The template's variables: where each is bound, its definition (type and default, saved with the
 * template) and a value to try in the player (and in the next render). A property of the selected clip
 * can be bound to a variable here; a clip's main value has its own "Variable" field in the properties.
 */
export function VariablesPanel({
  project,
  definitions,
  tried,
  selected,
  error,
  onDefinitions,
  onTried,
  onProject,
}: {
  project: Project;
  definitions: VariableDefinition[];
  tried: Record<string, string>;
  selected: ClipRef | null;
  error: unknown;
  onDefinitions: (definitions: VariableDefinition[]) => void;
  onTried: (tried: Record<string, string>) => void;
  onProject: (project: Project) => void;
}) {
  const uses = variableUses(project);
  // What save will store: a variable bound but not yet defined shows the type it will get.
  const effective = definitionsFor(project, definitions);
  const names = [...new Set([...definitions.map((d) => d.name), ...uses.map((u) => u.name)])];
  const valueErrors = errorsUnder(error, 'variables.');
  const [property, setProperty] = useState('');
  const [name, setName] = useState('');
  // Bind with no name, or one longer than the API takes (bindNameProblem), binds nothing: said beside the field until
  // something is typed there. One object per refused click, so each one takes focus to the field (as a kit form's
  // refusal does), the second one too.
  const [nameRefusal, setNameRefusal] = useState<{ message: string } | null>(null);
  const binding = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (nameRefusal) binding.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [nameRefusal]);
  const clip = selected ? clipAt(project, selected) : undefined;
  // The selected clip's settings by the names its properties show, the technical name (the key saved in `bind`) after.
  const settings = clip ? bindableSettings(clip.type) : [];
  const chosen = settings.some(([path]) => path === property) ? property : (settings[0]?.[0] ?? '');
  const define = (variable: string, patch: Partial<VariableDefinition>) => {
    const existing = effective.find((d) => d.name === variable);
    onDefinitions(
      definitions.some((d) => d.name === variable)
        ? definitions.map((d) => (d.name === variable ? { ...d, ...patch } : d))
        : [...definitions, { name: variable, type: existing?.type ?? 'text', ...patch }],
    );
  };
  const bind = () => {
    if (!selected || !clip || chosen === '') return;
    const problem = bindNameProblem(name);
    if (problem) {
      setNameRefusal({ message: problem });
      return;
    }
    // Bound property names contain dots (`style.color`): the whole map is set, never a nested path.
    onProject(setClipProperty(project, selected, 'bind', { ...(clip.bind ?? {}), [chosen]: name.trim() }));
  };
  return (
    <section aria-label="Variables" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <h2 className="text-lg font-semibold">Variables</h2>
      {names.length === 0 ? (
        <p className="text-sm text-slate-700">
          No variables yet: give a clip a variable in its properties, or bind one of its properties below.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {names.map((variable) => {
            const definition = effective.find((d) => d.name === variable);
            return (
              <li key={variable} className="flex flex-col gap-2 rounded-md border border-slate-200 p-2" aria-label={`Variable ${variable}`}>
                <p className="text-sm font-semibold">{variable}</p>
                <p className="text-xs text-slate-600">
                  {uses
                    .filter((u) => u.name === variable)
                    .map((u) => u.where)
                    .join('; ') || 'Not bound to anything.'}
                </p>
                <div className="grid grid-cols-3 gap-2">
                  <PropertyField
                    label={`Type of ${variable}`}
                    field={{ kind: 'select', options: TYPES }}
                    value={definition?.type ?? 'text'}
                    onChange={(type) => define(variable, { type: (type ?? 'text') as VariableDefinition['type'] })}
                  />
                  <PropertyField
                    label={`Default of ${variable}`}
                    field={{ kind: 'text' }}
                    value={definition?.defaultValue}
                    onChange={(value) => define(variable, { defaultValue: value })}
                  />
                  <PropertyField
                    label={`Try ${variable}`}
                    field={{ kind: 'text' }}
                    value={tried[variable] ?? ''}
                    error={valueErrors.get(variable)}
                    onChange={(value) => onTried({ ...tried, [variable]: typeof value === 'string' ? value : '' })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <fieldset ref={binding} className="grid grid-cols-3 items-end gap-2 rounded-md border border-slate-200 p-2">
        <legend className="px-1 text-xs font-semibold text-slate-700">Bind a property of the selected clip</legend>
        <PropertyField
          label="Setting to fill"
          hint={clip ? 'The variable replaces this setting of the clip in each render.' : 'Select a clip on the timeline first.'}
          field={{ kind: 'select', options: settings.length > 0 ? settings : [['', 'No clip selected']] }}
          value={chosen}
          onChange={(v) => setProperty(typeof v === 'string' ? v : '')}
        />
        <PropertyField
          label="Variable name"
          field={{ kind: 'text' }}
          value={name}
          error={nameRefusal?.message}
          onChange={(v) => {
            setName(typeof v === 'string' ? v : '');
            setNameRefusal(null);
          }}
        />
        <Button variant="secondary" disabled={!clip} onClick={bind}>
          Bind to selected clip
        </Button>
      </fieldset>
    </section>
  );
}
