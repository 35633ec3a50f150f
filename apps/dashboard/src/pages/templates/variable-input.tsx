import { useId, useState } from 'react';
import { readTypedValue } from '@pressroom/contracts';
import type { VariableDefinition } from '../../api/templates';
import { PLACEHOLDER_IMAGE } from './sample-values';
import { ErrorText } from '../../kit/message-text';

const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Whether the typed text is what `value` holds: the number read from it, or the very text a number could not be read from. */
function holds(text: string, value: unknown): boolean {
  if (typeof value === 'string') return text === value;
  if (value === undefined || value === null) return text.trim() === '';
  const read = readTypedValue('number', text);
  return read.ok && read.value === value;
}

/**
 * Why a number variable's value is one no render reads (the render's own rule, contracts' readTypedValue), or
 * undefined. Text that is not a number stays the value, so the preview, a render and a signed link refuse it
 * with this message instead of quietly leaving the variable out.
 */
function numberProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const read = readTypedValue('number', value);
  return read.ok ? undefined : read.message;
}

/**
 * A number variable's field. A text field (with a number keyboard on phones), not type="number": that one
 * reads text it cannot parse (`1e400`, `1,5`, `12px`) as empty, and the value would silently vanish.
 */
function NumberInput({
  id,
  value,
  onChange,
  className,
}: {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  className: string;
}) {
  const [text, setText] = useState(() => textOf(value));
  const error = numberProblem(value);
  const errorId = `${id}-error`;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        // What was typed while it still stands for the value (`1.` for 1); else the value itself (a default put back).
        value={holds(text, value) ? text : textOf(value)}
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          const read = readTypedValue('number', typed);
          onChange(typed.trim() === '' ? undefined : read.ok ? read.value : typed);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={error ? className.replace('border-slate-300', 'border-red-600') : className}
      />
      {error && <ErrorText id={errorId} text={error} />}
    </>
  );
}

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
      <NumberInput id={id} value={value} onChange={onChange} className={common} />
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
