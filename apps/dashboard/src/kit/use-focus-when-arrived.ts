import { useEffect, useRef } from 'react';

/**
 * Moves focus to something that is still on its way: a button that fetches rows (Load more, Next page) asks for focus on
 * them, but they are drawn a render or more later, and by then the button may be gone or disabled, which drops focus
 * to the page's start. The function returned remembers what was asked for (`wanted`: which row, which page); after each
 * render, once `arrived(wanted)` says it is drawn, `focus(wanted)` runs, once per ask.
 */
export function useFocusWhenArrived<Wanted>(
  arrived: (wanted: Wanted) => boolean,
  focus: (wanted: Wanted) => void,
): (wanted: Wanted) => void {
  // A ref, not state: asking redraws nothing; the fetch it goes with does.
  const asked = useRef<{ wanted: Wanted } | null>(null);
  useEffect(() => {
    const pending = asked.current;
    if (pending === null || !arrived(pending.wanted)) return;
    asked.current = null;
    focus(pending.wanted);
  });
  return (wanted) => {
    asked.current = { wanted };
  };
}
