import { useEffect } from 'react';
import { focusHeading, sectionHeadingOf } from '../../../kit/focus-section-heading';

const FOCUSABLE = 'button, input, select, textarea, a[href], summary';

/**
 * Keeps a keyboard user's place when the control they are on goes away under them, or is turned off by what it did.
 * Focus fell to the page (no focus ring, nothing for a screen reader to say; after a removal the next Tab went to
 * "Skip to content"):
 * - a control removed (Ctrl+Z or Ctrl+Y loads new objects, so every layer row and the Properties fields are made anew;
 *   Delete on a layer's row; Escape with focus in Properties): focus goes to the heading of its panel (Layers,
 *   Properties), as when a row's button disappears elsewhere in the dashboard;
 * - a tool disabled by its own press (Undo at the first step, Delete or Group with the selection gone, Add image once
 *   its URL is used): focus goes to the nearest enabled control of its toolbar, after it or else before it (Redo after
 *   the last Undo), else of the row of tools, else to its panel's heading;
 * - a tool of the row turned off with every other (tried values shown: the row is one EditLock): focus goes to the way
 *   back to editing, the "Back to the design" of the note above the row (`data-editing-off`), which says why they are off.
 */
export function useFocusKeptInPanels(): void {
  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (!(left instanceof Element) || !left.closest('[data-editor-area], [data-tool-row]')) return;
      // Chrome fires focusout while the removed control is still in the page: its panel's heading is found now.
      const heading = sectionHeadingOf(left);
      setTimeout(() => {
        const active = document.activeElement;
        // Focus moved on by a click or Tab (the control still there and enabled) is left alone.
        if (active !== null && active !== document.body) return;
        const next = left.isConnected && left.matches(':disabled') ? (nearestEnabled(left) ?? wayBackToEditing(left)) : null;
        if (next) next.focus();
        else if ((!left.isConnected || left.matches(':disabled')) && heading?.isConnected) focusHeading(heading);
      }, 0);
    };
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, []);
}

/** The enabled, shown control nearest after `control` (else before it) in its toolbar, else in the row of tools. */
function nearestEnabled(control: Element): HTMLElement | null {
  for (const scope of [control.closest('[role="toolbar"]'), control.closest('[data-tool-row]')]) {
    if (!scope) continue;
    const enabled = [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.matches(':disabled') && element.getClientRects().length > 0,
    );
    const after = enabled.find((element) => control.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
    const before = enabled.filter((element) => control.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING).at(-1);
    if (after ?? before) return (after ?? before)!;
  }
  return null;
}

/** For a tool of the row with none left on: the enabled control of the note that says why editing is off. */
function wayBackToEditing(control: Element): HTMLElement | null {
  if (!control.closest('[data-tool-row]')) return null;
  const controls = [...document.querySelectorAll<HTMLElement>(`[data-editing-off] :is(${FOCUSABLE})`)];
  return controls.find((element) => !element.matches(':disabled') && element.getClientRects().length > 0) ?? null;
}
