/** How long a page may take to show its heading (its chunk and its first query) before we stop waiting. */
const WAIT_MS = 10_000;

/**
 * Moves keyboard focus to the page's h1 inside `main` as soon as it is shown: a lazy page, or one that shows its
 * heading once its data arrives, may need a moment. Gives up when the page has put focus in itself meanwhile (an
 * editor focusing its text) or after WAIT_MS. Returns a function that stops waiting.
 */
export function focusPageHeading(main: HTMLElement | null): () => void {
  if (!main) return () => undefined;
  const tryFocus = (): boolean => {
    if (main.contains(document.activeElement)) return true;
    const heading = main.querySelector('h1');
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
