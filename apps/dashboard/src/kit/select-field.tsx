import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ErrorText } from './message-text';

type Choice = { value: string; label: string } | readonly [value: string, label: string];

/** A native select (keyboard and screen readers for free) with a visible label and the API's error beside it. */
export function SelectField({
  label,
  options,
  error,
  hint,
  className = '',
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  /** `{ value, label }` objects or `[value, label]` pairs. */
  options: readonly Choice[];
  error?: string | undefined;
  /**
   * Said under the select (and describing it) until an error stands there: the details of the choice made, so the
   * choices' own labels stay short enough for a phone's closed select, which cuts what does not fit.
   */
  hint?: ReactNode;
}) {
  const id = useId();
  const shownHint = error ? undefined : hint;
  const describedBy = error ? `${id}-error` : shownHint ? `${id}-hint` : undefined;
  return (
    <div className={`flex max-w-full min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        {...select}
      >
        {options.map((choice) => {
          const [value, text] = Array.isArray(choice) ? choice : [(choice as { value: string }).value, (choice as { label: string }).label];
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {shownHint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {shownHint}
        </p>
      )}
      {error && <ErrorText id={`${id}-error`} text={error} />}
    </div>
  );
}
