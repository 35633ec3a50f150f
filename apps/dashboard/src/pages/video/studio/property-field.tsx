import { useEffect, useId, useState } from 'react';
import type { FieldKind } from './field-specs';

const INPUT = 'w-full rounded-md border bg-white px-2 py-1 text-sm';

/**
 * One labelled property of a clip or the project, with the server's message for it right under it
 * (linked by aria-describedby). Empty means "not set": the property is removed and its default applies.
 * A number keeps what is being typed and is applied as soon as it is a number; limits are the server's
 * to judge, so its message appears here on save.
 */
export function PropertyField({
  label,
  value,
  onChange,
  error,
  field,
  hint,
  wide = false,
}: {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  field: FieldKind;
  /** A secondary line under the label (the technical name, an example), read with the field. */
  hint?: string | undefined;
  /** Spans both columns of the panel's grid: a select whose options would be cut off in one. */
  wide?: boolean;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const shown = value === undefined || value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    className: `${INPUT} ${error ? 'border-red-600' : 'border-slate-300'}`,
  };
  let control;
  if (field.kind === 'checkbox') {
    control = (
      <input {...common} className="h-4 w-4" type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
    );
  } else if (field.kind === 'select') {
    control = (
      <select {...common} value={shown} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
        {field.options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea') {
    control = <textarea {...common} rows={3} value={shown} onChange={(e) => onChange(e.target.value)} />;
  } else if (field.kind === 'number') {
    control = (
      <input
        {...common}
        type="number"
        step={field.step ?? 1}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') onChange(undefined);
          else if (Number.isFinite(e.target.valueAsNumber)) onChange(e.target.valueAsNumber);
        }}
      />
    );
  } else {
    control = (
      <div className="flex items-center gap-2">
        {field.kind === 'color' && (
          <span
            aria-hidden="true"
            className="h-6 w-6 shrink-0 rounded border border-slate-300"
            style={{ background: shown || 'transparent' }}
          />
        )}
        <input
          {...common}
          type="text"
          spellCheck={false}
          value={shown}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      </div>
    );
  }
  return (
    <div
      className={`${field.kind === 'checkbox' ? 'flex items-center gap-2' : 'flex min-w-0 flex-col gap-0.5'} ${wide ? 'col-span-2' : ''}`}
    >
      {field.kind === 'checkbox' && control}
      <label htmlFor={id} className="text-xs font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-[11px] text-slate-600">
          {hint}
        </p>
      )}
      {field.kind !== 'checkbox' && control}
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
