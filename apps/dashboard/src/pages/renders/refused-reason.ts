/** One field's refusal as the refused-requests log keeps it. */
export interface RefusedFieldError {
  field: string;
  message: string;
}

/**
 * The field errors worth listing under a refusal's detail: those the detail does not already say. A refusal of one
 * field has the detail "url: The URL … is blocked." and that same sentence as its only field error; listed again
 * under it, the reason read twice and looked like two problems.
 */
export function fieldErrorsBeyondDetail(detail: string, errors: readonly RefusedFieldError[]): RefusedFieldError[] {
  // Only the field's name and message together: a detail that says the message without the field still needs the list.
  return errors.filter((e) => !detail.includes(`${e.field}: ${e.message}`));
}
