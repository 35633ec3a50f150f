/**
 * Moves keyboard focus to the nearest heading before `element` in its section (or to the page's h1): where a
 * keyboard user continues when the control they used is about to disappear (a revoked row's button), instead of
 * the page's start. Call it while `element` is still in the page.
 */
export function focusSectionHeading(element: Element | null, options: { section?: boolean } = {}): void {
  if (!element) return;
  const heading =
    options.section === false
      ? element.closest('main')?.querySelector<HTMLElement>('h1')
      : [...(element.closest('section')?.querySelectorAll<HTMLElement>('h1, h2, h3, h4') ?? [])]
          .filter((h) => h.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)
          .at(-1);
  if (!heading) return;
  // Headings are not focusable by default; -1 lets a script focus one without adding it to the Tab order.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}
