import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before a search box's text is asked of the API: one request per word typed, not one per key. */
export const TYPING_PAUSE_MS = 300;

/**
 * A search box's text, trimmed, once typing has paused (TYPING_PAUSE_MS): what a list asks the API for, so it is not
 * asked again at every key. A box emptied settles at once (the whole list again, usually already read), and
 * `settleNow` takes the text at once (Enter in the box).
 */
export function useSettledText(text: string): [settled: string, settleNow: () => void] {
  const [settled, setSettled] = useState(text.trim());
  // The latest text, so the timer started by one key takes what was typed after it too.
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    if (text.trim() === settled) return;
    if (text.trim() === '') {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(latest.current.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, settled]);
  return [text.trim() === '' ? '' : settled, () => setSettled(latest.current.trim())];
}
