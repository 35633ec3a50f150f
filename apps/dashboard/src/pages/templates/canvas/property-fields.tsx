import { useContext, useEffect, useId, useRef, useState } from 'react';
import { ColourSwatch } from './colour-swatch';
import { numberProblem } from './number-range';
import { ErrorText } from '../../../kit/message-text';
import { PendingFieldsContext } from '../../../kit/pending-fields';

const INPUT = 'w-full rounded-md border bg-white px-2 py-1 text-sm';

/** A label above its control (the child with id `id`): the frame every field below shares. */
function Labelled({ id, label, wide = false, children }: { id: string; label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={`flex flex-col gap-0.5 ${wide ? 'col-span-2' : ''}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * A labelled number input bound to an object property. It keeps what is being typed and follows the object when
 * it changes on the canvas (dragging, resizing). A number outside `min`…`max` (or an empty or half-typed one) is
 * not applied: the field says why beside it, as every dashboard field does, until a valid number replaces it. Save
 * asks the field first (kit/pending-fields.ts, as the timeline studio's fields): while it holds refused text nothing is
 * saved, since the design still has the last valid number and saving it would say "Saved." over what the field shows.
 */
export function NumberField(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const rounded = Math.round(props.value * 100) / 100;
  const [text, setText] = useState(String(rounded));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refused = useRef(false);
  refused.current = error !== null;
  const pending = useContext(PendingFieldsContext);
  useEffect(() => {
    if (!pending) return;
    return pending.fields.add({
      settle: () => (refused.current ? 'refused' : 'applied'),
      element: () => input.current,
      // A held save stays held while this field still refuses what it holds, typed in or not.
      refused: () => refused.current,
    });
  }, [pending]);
  useEffect(() => {
    // The object changed (on the canvas, or by a valid number typed here): the field shows it, nothing to fix.
    setText(String(rounded));
    setError(null);
  }, [rounded]);
  return (
    <Labelled id={id} label={props.label}>
      <input
        ref={input}
        id={id}
        type="number"
        className={`${INPUT} ${error ? 'border-red-600' : 'border-slate-300'}`}
        value={text}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          pending?.typed();
          const value = e.target.valueAsNumber;
          const problem = numberProblem(value, props);
          setError(problem);
          if (problem === null) props.onChange(value);
        }}
      />
      {error && <ErrorText id={errorId} text={error} />}
    </Labelled>
  );
}

/** `placeholder`: the variable (`{{accent}}`) the colour stands for, drawn with its default (canvas/colour-previews.ts). */
export function ColorField(props: { label: string; value: string; onChange: (value: string) => void; placeholder?: string | null }) {
  const id = useId();
  return (
    <Labelled id={id} label={props.label}>
      <ColourSwatch
        id={id}
        value={props.value}
        describedBy={props.placeholder ? `${id}-placeholder` : undefined}
        onChange={props.onChange}
      />
      {props.placeholder && <PlaceholderNote id={`${id}-placeholder`} placeholder={props.placeholder} />}
    </Labelled>
  );
}

function PlaceholderNote({ id, placeholder }: { id: string; placeholder: string }) {
  return (
    <p id={id} className="text-xs text-slate-600">
      <PlaceholderText placeholder={placeholder} />
    </p>
  );
}

/** Says that a colour shown is a variable's default, set by the variable in each render. */
export function PlaceholderText({ placeholder }: { placeholder: string }) {
  return (
    <>
      Set by <code className="wrap-anywhere">{placeholder}</code> in each render (shown with its default). A colour picked here replaces it.
    </>
  );
}

export function ChoiceField<T extends string>(props: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  // In a group's half-width column (~7 rem in a narrow side panel) a select shows about ten characters: one with
  // longer choices ("Solid colour", "Linear gradient", a font's name) takes the whole row, so its value is not cut.
  const wide = props.options.some(([, label]) => label.length > 10);
  return (
    <Labelled id={id} label={props.label} wide={wide}>
      <select id={id} className={INPUT} value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A labelled multi-line text input (a text's words), with an optional hint under it. */
export function TextAreaField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: string;
  rows?: number;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Labelled id={id} label={props.label}>
      <textarea
        id={id}
        className={`${INPUT} resize-y border-slate-300`}
        rows={props.rows ?? 3}
        value={props.value}
        aria-describedby={props.hint ? hintId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      {props.hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {props.hint}
        </p>
      )}
    </Labelled>
  );
}

export function CheckField(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      {props.label}
    </label>
  );
}

/** A titled group of fields. */
export function FieldGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid grid-cols-2 gap-2 border-t border-slate-200 pt-2">
      <legend className="col-span-2 pr-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
