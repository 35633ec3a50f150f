/**
 * A message from elsewhere (the dispatcher's, the scheduler's, the API's) as a sentence of its own inside ours:
 * a capital first, a full stop last, whichever of the two it came with.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
