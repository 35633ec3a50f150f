/**
 * The nearest heading before `element` in its section (or, with `section: false`, the page's h1 inside `main`): where
 * a keyboard user continues when the control they used is about to disappear. Null when there is none.
 */
export function sectionHeadingOf(element: Element | null, options: { section?: boolean } = {}): HTMLElement | null {
  if (!element) return null;
  if (options.section === false) return element.closest('main')?.querySelector<HTMLElement>('h1') ?? null;
  return (
    [...(element.closest('section')?.querySelectorAll<HTMLElement>('h1, h2, h3, h4') ?? [])]
      .filter((h) => h.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)
      .at(-1) ?? null
  );
}

/** Focuses an element a script may focus but Tab does not reach (a heading): tabindex -1 first. */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex') && heading.tabIndex < 0) heading.tabIndex = -1;
  heading.focus();
}

/**
 * Moves keyboard focus to the nearest heading before `element` in its section (or to the page's h1): where a
 * keyboard user continues when the control they used is about to disappear (a revoked row's button), instead of
 * the page's start. Call it while `element` is still in the page.
 */
export function focusSectionHeading(element: Element | null, options: { section?: boolean } = {}): void {
  const heading = sectionHeadingOf(element, options);
  if (heading) focusHeading(heading);
}
