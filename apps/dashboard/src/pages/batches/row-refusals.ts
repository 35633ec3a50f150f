import { ApiError } from '../../api/problem.js';

/** One refused value of one row, as the API named it (`variableSets.<i>`, `variableSets.<i>.variables.<name>`). */
export interface RowRefusal {
  /** Counted from 1, as the row check and the results count rows. */
  row: number;
  variable: string | null;
  /** The API's message as sent (the form's banner matches on it). */
  message: string;
}

/** `variableSets.<i>`, then the variable: the renderer's `variables.<name>`, as the multi-page PDF prefixes it, or the name alone. */
const ROW_PATH = /^variableSets\.(\d+)(?:\.(?:variables\.)?(.+))?$/;

/**
 * The refusals of a start (a batch's or a PDF's) that concern the rows: each field error on `variableSets.<i>`, by
 * row and variable, to show under the rows box where they are fixed. Other errors are left to the form.
 */
export function rowRefusals(error: unknown): RowRefusal[] {
  if (!(error instanceof ApiError)) return [];
  return error.fieldErrors().flatMap(({ field, message }) => {
    const match = ROW_PATH.exec(field);
    return match ? [{ row: Number(match[1]) + 1, variable: match[2] ?? null, message }] : [];
  });
}
