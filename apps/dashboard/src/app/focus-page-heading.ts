import { useEffect } from 'react';
import { NavigationType, useNavigationType } from 'react-router';

/** How long a page may take to show its heading (its chunk and its first query) before we stop waiting. */
const WAIT_MS = 10_000;

/**
 * Moves keyboard focus to the page's h1 inside `main` as soon as it is shown: a lazy page, or one that shows its
 * heading once its data arrives, may need a moment. Gives up when the page has put focus in itself meanwhile (an
 * editor focusing its text) or after WAIT_MS. Returns a function that stops waiting.
 */
export function focusPageHeading(
  main: HTMLElement | null,
  options: {
    after?: { heading: Element; text: string } | null;
    /** Keeps waiting only while this holds (focus still dropped on the document): a Tab meanwhile wins. */
    onlyWhile?: () => boolean;
  } = {},
): () => void {
  if (!main) return () => undefined;
  const { after, onlyWhile } = options;
  const tryFocus = (): boolean => {
    if (onlyWhile && !onlyWhile()) return true;
    const heading = main.querySelector('h1');
    // `after`: the page being left, still shown until the next one renders (its heading, the button pressed in it).
    if (after && (!heading || (heading === after.heading && heading.textContent === after.text))) return false;
    if (main.contains(document.activeElement)) return true;
    if (!heading) return false;
    // Headings are not focusable by default; -1 lets a script focus one without adding it to the Tab order.
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * For an action that opens another page while its button stays (the template editor's first save goes to the new
 * template's path in the same component, so the focused Save button is never removed and the shell's
 * useFocusHeadingWhenFocusDropped does not act): keyboard focus goes to the next page's heading once it shows. The
 * page shown now is told apart by its heading (the same component keeps the element: its words change). Actions whose
 * button goes with its page (a starter copied, a canvas template created) need nothing: focus drops and the shell's
 * hook moves it.
 */
export function focusNextPageHeading(): () => void {
  const main = document.getElementById('main');
  const heading = main?.querySelector('h1') ?? null;
  return focusPageHeading(main, { after: heading ? { heading, text: heading.textContent ?? '' } : null });
}

/** Whether keyboard focus is on no control: the document, as after the focused link was removed with its page. */
function focusDropped(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * Any action that opens another page (a link inside a page: New template, Open this render's page, a template's card)
 * removes the focused control with the page it was in, which drops focus on the document: a screen reader then says
 * nothing of the new page and the next Tab starts wherever the browser guesses. On a new path (not Back or Forward),
 * if focus was dropped so, it goes to the new page's heading once it shows, as for a navigation choice.
 */
export function useFocusHeadingWhenFocusDropped(pathname: string): void {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === NavigationType.Pop || !focusDropped()) return undefined;
    return focusPageHeading(document.getElementById('main'), { onlyWhile: focusDropped });
    // On a new path only, not when the navigation type alone changes.
  }, [pathname]);
}
