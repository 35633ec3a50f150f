/**
 * A message with a full stop last unless it ends as a sentence already (. ! ?): the API's field messages come without
 * one ("Must be at least 0"), the dashboard's own with one ("Must be at most 4000 px."), and beside a field, in a
 * banner or a list, every message reads as a sentence, by this one rule. Empty stays empty (no message).
 */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A message from elsewhere (the dispatcher's, the scheduler's, the API's) as a sentence of its own inside ours:
 * a capital first, a full stop last, whichever of the two it came with.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return withFullStop(trimmed.charAt(0).toUpperCase() + trimmed.slice(1));
}
