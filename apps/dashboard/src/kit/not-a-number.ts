/**
 * The sentence beside a number field that holds text that is not a number ("1e", "-"): the browser gives the page
 * an empty value for it (`validity.badInput`), which read as empty would drop the setting or send the API's default.
 */
export const NOT_A_NUMBER = 'Type a number (12 or 0.5).';

/**
 * Whether a number field holds no number to send: text the browser cannot read ("1e", "-"), or nothing at all in a
 * field marked `required` (a size: sent empty it would be JSON's null, refused in words about JSON). The kit's
 * TextField says NOT_A_NUMBER beside such a field and its Form refuses to submit it.
 */
export const holdsNoNumber = (input: HTMLInputElement): boolean =>
  input.type === 'number' && (input.validity.badInput || (input.required && input.value === ''));
