// How a number field reads what is typed into it: a number input shows what was typed ("1e", "-") but gives the page
// an empty value with `validity.badInput` when it is not a number, which read as empty would remove the setting.

import { NOT_A_NUMBER } from '../../../kit/not-a-number.js';

/** The sentence beside a number field that holds text that is not a number (the kit's, said by every number field). */
export { NOT_A_NUMBER };

/**
 * What a number input holds: its `value` and whether the browser found it not a number (`badInput`). Empty is "not
 * set" (undefined); a number is applied as it is (the server judges its limits); anything else is refused.
 */
export function numberFromInput(value: string, badInput: boolean): { value: number | undefined } | { refusal: string } {
  if (badInput) return { refusal: NOT_A_NUMBER };
  const text = value.trim();
  if (text === '') return { value: undefined };
  const number = Number(text);
  return Number.isFinite(number) ? { value: number } : { refusal: NOT_A_NUMBER };
}
