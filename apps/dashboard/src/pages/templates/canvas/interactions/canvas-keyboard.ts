import type { Canvas } from 'fabric';
import { isEditingText } from './canvas-zoom';
import { isTypingTarget, shortcutFor, type ShortcutAction } from './shortcuts';

/** What each shortcut does; answers whether it acted (then the browser's own meaning of the key is suppressed). */
export type ShortcutHandlers = Partial<Record<ShortcutAction, (event: KeyboardEvent) => boolean | void>>;

/**
 * The editor's keyboard shortcuts (shortcuts.ts lists them), live while the editor is mounted. They stay out of
 * the way while the user types: in a form field, in a text object being edited on the canvas, and inside an
 * open dialog (Escape closes the dialog there, it does not clear the canvas selection).
 */
export function attachShortcuts(canvas: Canvas, handlers: ShortcutHandlers): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (isTypingTarget(target) || isEditingText(canvas)) return;
    if (target?.closest('[role="dialog"], [role="alertdialog"]')) return;
    const action = shortcutFor(event);
    if (!action) return;
    // Enter/Space on a focused button and arrows in a focused list keep their meaning; the shortcuts apply to the canvas.
    if (target?.closest('[role="listbox"], [role="menu"], [role="tablist"]') && action.startsWith('nudge')) return;
    const handler = handlers[action];
    if (!handler) return;
    if (handler(event) !== false) event.preventDefault();
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}
