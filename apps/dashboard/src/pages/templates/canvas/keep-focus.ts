import { useEffect } from 'react';
import { focusHeading, sectionHeadingOf } from '../../../kit/focus-section-heading';

/**
 * Keeps a keyboard user's place when the control they are on goes away under them: Ctrl+Z or Ctrl+Y (a step loads new
 * objects, so every layer row and the Properties fields are made anew), Delete on a layer's row, Escape with focus in
 * Properties. Focus fell to the page's start (the next Tab went to "Skip to content"); it goes to the heading of the
 * control's panel (Layers, Properties) instead, as when a row's button disappears elsewhere in the dashboard.
 */
export function useFocusKeptInPanels(): void {
  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (!(left instanceof Element) || !left.closest('[data-editor-area]')) return;
      // Chrome fires focusout while the removed control is still in the page: its panel's heading is found now.
      const heading = sectionHeadingOf(left);
      if (!heading) return;
      setTimeout(() => {
        const active = document.activeElement;
        // Only a control that went away: focus moved on by a click or Tab (the control still there) is left alone.
        if (left.isConnected || !heading.isConnected || (active !== null && active !== document.body)) return;
        focusHeading(heading);
      }, 0);
    };
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, []);
}
