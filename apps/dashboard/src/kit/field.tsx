import { useId, useLayoutEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ErrorText } from './message-text';
import { holdsNoNumber, NOT_A_NUMBER } from './not-a-number';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Always visible: every field has a visible label. */
  label: string;
  /**
   * The API's message for this field (ApiError.fieldError), shown right under it. A number field holding text the
   * browser cannot read as a number ("1e", "-"), or nothing when it is `required`, says so instead (NOT_A_NUMBER),
   * whatever the form does with the empty value it reads, and the kit's Form refuses to submit it.
   */
  error?: string | undefined;
  /**
   * Said under the field until the API refuses it; while an error is shown the hint is hidden (the error says what to
   * change, and the two often say the same rule twice: "At least 10 characters." / "Use at least 10 characters.").
   */
  hint?: ReactNode;
  /**
   * The hint changes as the person types and says what happened (a search's "3 of 105 match"): a screen reader reads
   * each new hint out when it can, without moving focus from the field.
   */
  liveHint?: boolean;
}

export function TextField({ label, error: given, hint, liveHint = false, className = '', onInput, ...input }: TextFieldProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // Read after every render as well as on input: the form may have replaced the text (a value set from outside).
  // Only a number field: a date typed in part is badInput too, and is no number to type.
  const [unreadable, setUnreadable] = useState(false);
  const unreadableNumber = (input: HTMLInputElement | null) => input !== null && holdsNoNumber(input);
  useLayoutEffect(() => setUnreadable(unreadableNumber(field.current)));
  const error = unreadable ? NOT_A_NUMBER : given;
  const shownHint = error ? undefined : hint;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={field}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm read-only:bg-slate-50 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
        onInput={(e) => {
          setUnreadable(unreadableNumber(e.currentTarget));
          onInput?.(e);
        }}
      />
      {shownHint && (
        <p id={hintId} className="text-xs text-slate-600" aria-live={liveHint ? 'polite' : undefined}>
          {shownHint}
        </p>
      )}
      {error && <ErrorText id={errorId} text={error} />}
    </div>
  );
}
