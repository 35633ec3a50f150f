/** How a live message is announced and coloured: the rules kit/live-message.tsx and kit/alert.tsx follow. */

/** What a message reports: a plain state ("Unsaved changes."), something done ("Saved."), or a refusal. */
export type LiveTone = 'neutral' | 'success' | 'error';

/** When a screen reader reads a live message out: at the next pause (polite), or at once, interrupting (assertive). */
export type Politeness = 'polite' | 'assertive';

/** An error is read out at once, since the reader has to act on it; anything else waits for a pause. */
export function politenessOf(tone: string): Politeness {
  return tone === 'error' ? 'assertive' : 'polite';
}

/** The ARIA role that carries a politeness: `status` is polite, `alert` assertive. */
export function liveRole(politeness: Politeness): 'status' | 'alert' {
  return politeness === 'assertive' ? 'alert' : 'status';
}

const TONE_CLASSES: Record<LiveTone, string> = {
  neutral: 'text-slate-700',
  success: 'text-green-800',
  error: 'text-red-700',
};

/**
 * The classes of a live message line: small text in its tone's colour (`text-xs` where it stands among hints),
 * then the page's own layout classes (`font-medium`, `self-center`, `sr-only` while there is nothing to say).
 */
export function liveMessageClass(tone: LiveTone, { small = false, extra }: { small?: boolean; extra?: string | undefined } = {}): string {
  return [small ? 'text-xs' : 'text-sm', TONE_CLASSES[tone], extra].filter(Boolean).join(' ');
}
