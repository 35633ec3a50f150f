import { useId } from 'react';
import type { VariableDefinition } from '../../api/templates';
import { PLACEHOLDER_IMAGE } from './sample-values';

/** One typed input of the variables panel: text, image URL, colour picker, number or boolean. */
export function VariableInput({
  definition,
  value,
  onChange,
}: {
  definition: VariableDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  const label = `${definition.name}${definition.validation?.required ? ' (required)' : ''}`;
  const common = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';
  if (definition.type === 'boolean') {
    return (
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" checked={value === true || value === 'true'} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
    );
  }
  const input =
    definition.type === 'color' ? (
      <input
        id={id}
        type="color"
        value={typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-16"
      />
    ) : definition.type === 'number' ? (
      <input
        id={id}
        type="number"
        value={typeof value === 'number' || typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        className={common}
      />
    ) : (
      <input
        id={id}
        type={definition.type === 'image' ? 'url' : 'text'}
        placeholder={definition.type === 'image' ? 'https://… (a grey sample until then)' : undefined}
        // The sample picture is a long data URL: previewed, not shown in the field.
        value={typeof value === 'string' && value !== PLACEHOLDER_IMAGE ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        className={common}
      />
    );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}{' '}
        <span className="font-normal text-slate-600">
          · {definition.type === 'image' ? 'image URL' : definition.type === 'color' ? 'colour' : definition.type}
        </span>
      </label>
      {input}
    </div>
  );
}
