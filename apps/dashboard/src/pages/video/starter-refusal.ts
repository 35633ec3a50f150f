import { ApiError } from '../../api/problem.js';
import { asSentences } from '../../kit/form-banner.js';
import { starterSideOf, type StarterSize } from './starter-designs.js';

/** The fields of the "New timeline template" dialog, as the refusal below names them for `fieldError`. */
export const NEW_TIMELINE_FIELDS = ['name', 'size', 'width', 'height'] as const;
type DialogField = (typeof NEW_TIMELINE_FIELDS)[number];

/** Said above the form for what no field of the dialog can fix (the starter design itself, never typed by the person). */
export const UNPLACED_REFUSAL = 'The starter design was refused for a reason this dialog cannot fix. Try another size, or try again later.';

/** The starter headline's refusal in the person's words, beside the side (or preset) it follows from. */
function derivedMessage(field: DialogField): string {
  if (field === 'width') return 'The starter headline cannot be laid out this wide: choose a smaller width.';
  if (field === 'height') return 'The starter headline cannot be laid out this tall: choose a smaller height.';
  return 'The starter headline cannot be laid out at this size: choose another size.';
}

/**
 * The API's refusal of a new timeline template, put in the dialog's terms. The request carries a whole starter project
 * built from the dialog's few fields, so its errors name paths the person never saw (`projectJson.tracks.1.clips.0.
 * style.width`); each is given to the field that caused it: the project's width and height to their fields (the Size
 * select for a preset), a starter value worked out from the size to that side, in plain words. All distinct messages
 * of a field stand beside it, joined as sentences (two rules broken at once, e.g. too large and odd, are both to fix).
 * A side refused for itself drops what its starter values add: fixing the side fixes them, and the side's own message
 * says how. Anything else becomes one plain sentence for the top of the form. Other failures pass through unchanged.
 */
export function refusalInDialogTerms(error: unknown, size: StarterSize): unknown {
  if (!(error instanceof ApiError) || error.fieldErrors().length === 0) return error;
  const custom = !('preset' in size);
  const sideField = (side: 'width' | 'height'): DialogField => (custom ? side : 'size');
  const own = new Map<DialogField, string[]>();
  const derived = new Map<DialogField, string[]>();
  const add = (to: Map<DialogField, string[]>, field: DialogField, message: string) => to.set(field, [...(to.get(field) ?? []), message]);
  let unplaced = false;
  for (const { field, message } of error.fieldErrors()) {
    if (field === 'name') add(own, 'name', message);
    else if (field === 'projectJson.size') add(own, 'size', message);
    else if (field === 'projectJson.width') add(own, sideField('width'), message);
    else if (field === 'projectJson.height') add(own, sideField('height'), message);
    else {
      const side = field.startsWith('projectJson.') ? starterSideOf(field.slice('projectJson.'.length), size) : undefined;
      if (side) add(derived, sideField(side), derivedMessage(sideField(side)));
      else unplaced = true;
    }
  }
  for (const [field, messages] of derived) if (!own.has(field)) own.set(field, messages);
  const errors: Array<{ field: string; message: string }> = [...own].map(([field, messages]) => ({
    field,
    message: asSentences(messages),
  }));
  if (unplaced) errors.push({ field: '', message: UNPLACED_REFUSAL });
  // A problem other than a validation one keeps its detail at the top (kit/form): here one without internal paths.
  return new ApiError({ ...error.problem, detail: 'The timeline template was not created.', errors });
}
