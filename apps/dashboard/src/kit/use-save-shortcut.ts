import { useEffect, useRef } from 'react';

/** The keys of a keydown event the save shortcut reads (a KeyboardEvent has them all). */
export interface SaveKeyPress {
  key: string;
  /** The physical key: a layout whose S key types another letter (Cyrillic, Greek) still has Ctrl+S there. */
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** For a Save button's `aria-keyshortcuts`: Ctrl+S, or Cmd+S on a Mac. */
export const SAVE_KEYSHORTCUTS = 'Control+S Meta+S';

/**
 * Whether a key press is the editors' save shortcut: Ctrl+S, or Cmd+S on a Mac, without Alt or Shift (Ctrl+Shift+S
 * and the like stay the browser's or the system's). Read by the typed letter, or by the key's place when the layout
 * types no Latin letter there.
 */
export function isSaveShortcut(press: SaveKeyPress): boolean {
  if (!(press.ctrlKey || press.metaKey) || press.altKey || press.shiftKey) return false;
  if (press.key.toLowerCase() === 's') return true;
  return !/^[\x20-\x7e]$/.test(press.key) && press.code === 'KeyS';
}

/** The shortcut as a person reads it on this computer, for the Save button's tooltip and description. */
export function saveShortcutText(platform = typeof navigator === 'undefined' ? '' : navigator.platform): string {
  return /Mac|iPhone|iPad/.test(platform) ? 'Cmd+S' : 'Ctrl+S';
}

/** What a Save button carries: the shortcut for assistive technology (aria-keyshortcuts) and as its tooltip. */
export function saveShortcutProps(): { 'aria-keyshortcuts': string; title: string } {
  return { 'aria-keyshortcuts': SAVE_KEYSHORTCUTS, title: `Keyboard shortcut: ${saveShortcutText()}` };
}

/** A modal dialog is open (every dialog of the dashboard is modal): the shortcut does not save behind it. */
function modalOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Ctrl+S (Cmd+S) saves the editor while the calling page is shown: `save` is the page's Save button's own handler,
 * so the shortcut goes through the same path (a field's typed text applied or refused first, the same refusals). The
 * browser's "Save page as" never opens over the editor: the key press is prevented even when nothing is saved (Save
 * is `disabled` or a save is in flight, a dialog is open, the keys are held down). The listener is on the window in
 * the capture phase, so it runs before anything inside the page: with focus in a text field or in CodeMirror (whose
 * keymap would stop a key it handles) the shortcut works the same.
 */
export function useSaveShortcut(save: () => void, options: { disabled?: boolean } = {}): void {
  const latest = useRef({ save, disabled: options.disabled ?? false });
  // The handler of this render: it reads what the person has typed so far (a code editor's text, a form's draft).
  latest.current = { save, disabled: options.disabled ?? false };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      // Held down, the keys repeat: one save.
      if (event.repeat || modalOpen() || latest.current.disabled) return;
      latest.current.save();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
