import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ErrorText } from './message-text';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Always visible: every field has a visible label. */
  label: string;
  /** The API's message for this field (ApiError.fieldError), shown right under it. */
  error?: string | undefined;
  /**
   * Said under the field until the API refuses it; while an error is shown the hint is hidden (the error says what to
   * change, and the two often say the same rule twice: "At least 10 characters." / "Use at least 10 characters.").
   */
  hint?: ReactNode;
}

export function TextField({ label, error, hint, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const shownHint = error ? undefined : hint;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm read-only:bg-slate-50 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      {shownHint && (
        <p id={hintId} className="text-xs text-slate-600">
          {shownHint}
        </p>
      )}
      {error && <ErrorText id={errorId} text={error} />}
    </div>
  );
}
