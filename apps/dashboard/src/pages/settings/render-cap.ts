// How the URL-signing secret's Render cap field reads what is typed into it.
import { URL_SIGNING_MAX_RENDERS } from '@pressroom/contracts/constants';
import { NOT_A_COUNT, writtenCount } from '../../kit/written-count.js';

/**
 * The cap as typed: empty is no cap (null); a count as people write it (kit/written-count.ts: 1000, 1,000, 1 000)
 * within the API's range (from 1 to URL_SIGNING_MAX_RENDERS) goes to the server; anything else is refused here, before
 * anything is sent or asked: Rotate asks whether to break the old links, which is no question to put for a cap the API
 * would then refuse, and the API's "Must be a number, not a string" speaks of JSON rather than of what was typed.
 */
export function capOf(text: string): { cap: number | null } | { refusal: string } {
  if (text.trim() === '') return { cap: null };
  const count = writtenCount(text);
  if (count === null) return { refusal: NOT_A_COUNT };
  if (count < 1) return { refusal: 'Must be at least 1, or leave the field empty for no cap.' };
  if (count > URL_SIGNING_MAX_RENDERS) return { refusal: `Must be at most ${URL_SIGNING_MAX_RENDERS.toLocaleString('en-US')}.` };
  return { cap: count };
}
