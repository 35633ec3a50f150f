import { useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ErrorText } from '../../../kit/message-text';
import type { FieldKind } from './field-specs';
import { FRAMES_OR_SECONDS_HINT, framesFromText, isFrameCount } from './frames-or-seconds';
import { PendingFieldsContext, type Settled } from '../../../kit/pending-fields';
import { numberFromInput } from './typed-number';

const INPUT = 'w-full rounded-md border bg-white px-2 py-1 text-sm';

/**
 * One labelled property of a clip or the project, with the server's message for it right under it
 * (linked by aria-describedby). Empty means "not set": the property is removed and its default applies.
 * A number keeps what is being typed and is applied as soon as it is a number; limits are the server's
 * to judge, so its message appears here on save; text that is not a number ("1e") is refused beside it when the field
 * is left. A count of frames also takes seconds ("2.5s", "0:02"): they are turned into frames when the field is left or
 * Enter is pressed, and text that is neither is refused beside it. The studio's Save first asks both kinds for what
 * they hold (pending-fields.ts): typed text is applied, and refused text stops the save.
 */
export function PropertyField({
  label,
  value,
  onChange,
  error,
  field,
  hint,
  wide = false,
  fps,
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
  /** The project's frame rate, which seconds typed into a count of frames are turned into frames at. */
  fps?: number | undefined;
}) {
  const id = useId();
  const shown = value === undefined || value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  // What was typed into a count of frames or a number that is neither: said here, nothing applied.
  const [refusal, setRefusal] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const message = refusal ?? error;
  const errorId = message ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const inputHintId = field.kind === 'frames' ? `${id}-input-hint` : undefined;
  const common = {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': [hintId, inputHintId, errorId].filter(Boolean).join(' ') || undefined,
    className: `${INPUT} ${message ? 'border-red-600' : 'border-slate-300'}`,
  };
  /** Applies what a frames field holds (seconds become frames) or refuses it. */
  const commitFrames = (): Settled => {
    const read = framesFromText(text, fps);
    if ('refusal' in read) {
      setRefusal(read.refusal);
      return 'refused';
    }
    setRefusal(undefined);
    setText(read.frames === undefined ? '' : String(read.frames));
    // Only a change is applied: passing through the field (Tab) leaves the project unchanged, nothing to save.
    if (read.frames !== value) onChange(read.frames);
    return 'applied';
  };
  /** A number is applied as it is typed: only text that is not one is left, and refused. */
  const checkNumber = (): Settled => {
    const read = numberFromInput(input.current?.value ?? text, input.current?.validity.badInput ?? false);
    if (!('refusal' in read)) return 'applied';
    setRefusal(read.refusal);
    return 'refused';
  };
  // Save asks the field for its typed text first (one rule for the studio, pending-fields.ts): the latest text's.
  const pending = useContext(PendingFieldsContext);
  const settle = useRef<() => Settled>(() => 'applied');
  useLayoutEffect(() => {
    settle.current = field.kind === 'frames' ? commitFrames : field.kind === 'number' ? checkNumber : () => 'applied';
  });
  const holdsText = field.kind === 'frames' || field.kind === 'number';
  useEffect(() => {
    if (!pending || !holdsText) return;
    return pending.fields.add({ settle: () => settle.current(), element: () => input.current });
  }, [pending, holdsText]);
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
        ref={input}
        type="number"
        step={field.step ?? 1}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setRefusal(undefined);
          pending?.typed();
          // Text that is not a number reads as empty here: it is kept, not applied (it would remove the setting).
          const read = numberFromInput(e.target.value, e.target.validity.badInput);
          if (!('refusal' in read)) onChange(read.value);
        }}
        onBlur={checkNumber}
      />
    );
  } else if (field.kind === 'frames') {
    // Text, not a number input: a number input empties itself on "2s".
    control = (
      <input
        {...common}
        ref={input}
        type="text"
        spellCheck={false}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setRefusal(undefined);
          pending?.typed();
          // Frames apply as they are typed, as in a number field; seconds wait for the field to be left.
          if (e.target.value.trim() === '') onChange(undefined);
          else if (isFrameCount(e.target.value)) onChange(Number(e.target.value.trim()));
        }}
        onBlur={commitFrames}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitFrames();
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
      {inputHintId && (
        <p id={inputHintId} className="text-[11px] text-slate-600">
          {FRAMES_OR_SECONDS_HINT}
        </p>
      )}
      {field.kind !== 'checkbox' && control}
      {message && <ErrorText id={errorId} text={message} small />}
    </div>
  );
}
