import type { FormEvent, ReactNode } from 'react';
import { ApiError, messageOf } from '../api/problem';
import { Alert } from './alert';

/**
 * A form that submits with Enter like any HTML form and shows a failure's problem detail at the top, plus
 * per-field errors that no field on this form claims (the fields show their own via ApiError.fieldError).
 */
export function Form({
  onSubmit,
  error,
  fields = [],
  children,
  label,
  className = '',
}: {
  onSubmit: () => void;
  error: unknown;
  /** The body field names this form shows errors for beside their inputs. */
  fields?: readonly string[];
  children: ReactNode;
  label: string;
  className?: string;
}) {
  const handle = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const unclaimed = error instanceof ApiError ? error.unclaimed(fields) : [];
  return (
    <form aria-label={label} onSubmit={handle} noValidate className={`flex flex-col gap-4 ${className}`}>
      {error != null && (
        <Alert>
          <p>{messageOf(error)}</p>
          {unclaimed.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {unclaimed.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {children}
    </form>
  );
}

/** The field's API error, if the last failure was an ApiError naming it. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldError(field) : undefined;
}
