/** What a shortcut does; the keyboard handler maps each to an editor command. */
export type ShortcutAction =
  | 'undo'
  | 'redo'
  | 'copy'
  | 'paste'
  | 'duplicate'
  | 'delete'
  | 'selectAll'
  | 'deselect'
  | 'selectBehind'
  | 'selectInFront'
  | 'nudgeLeft'
  | 'nudgeRight'
  | 'nudgeUp'
  | 'nudgeDown'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomReset'
  | 'zoomFit'
  | 'help';

/** The keys of a keydown event that a shortcut reads (a KeyboardEvent has them all). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** A KeyboardEvent's: whether AltGr is held, where the browser reports it as its own modifier. */
  getModifierState?(key: string): boolean;
}

/** The table the help dialog shows and the docs list; `keys` as a person reads them (Ctrl is Cmd on a Mac). */
export const SHORTCUTS: readonly { action: ShortcutAction; keys: string[]; does: string }[] = [
  { action: 'undo', keys: ['Ctrl+Z'], does: 'Undo' },
  { action: 'redo', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], does: 'Redo' },
  { action: 'copy', keys: ['Ctrl+C'], does: 'Copy the selection' },
  { action: 'paste', keys: ['Ctrl+V'], does: 'Paste (offset from the original)' },
  { action: 'duplicate', keys: ['Ctrl+D'], does: 'Duplicate the selection' },
  { action: 'delete', keys: ['Delete', 'Backspace'], does: 'Delete the selection' },
  { action: 'selectAll', keys: ['Ctrl+A'], does: 'Select every unlocked object' },
  { action: 'deselect', keys: ['Escape'], does: 'Clear the selection' },
  // Typed as the layout types them: AltGr+8 and AltGr+9 on a German keyboard are [ and ] too (shortcutFor takes them).
  {
    action: 'selectBehind',
    keys: ['[', 'AltGr+['],
    does: 'Select the layer behind (with none selected: the front one)',
  },
  {
    action: 'selectInFront',
    keys: [']', 'AltGr+]'],
    does: 'Select the layer in front (with none selected: the back one)',
  },
  { action: 'nudgeLeft', keys: ['←', 'Shift+←'], does: 'Move left by 1 px (Shift: 10 px)' },
  { action: 'nudgeRight', keys: ['→', 'Shift+→'], does: 'Move right by 1 px (Shift: 10 px)' },
  { action: 'nudgeUp', keys: ['↑', 'Shift+↑'], does: 'Move up by 1 px (Shift: 10 px)' },
  { action: 'nudgeDown', keys: ['↓', 'Shift+↓'], does: 'Move down by 1 px (Shift: 10 px)' },
  { action: 'zoomIn', keys: ['Ctrl+='], does: 'Zoom in' },
  { action: 'zoomOut', keys: ['Ctrl+-'], does: 'Zoom out' },
  { action: 'zoomReset', keys: ['Ctrl+0'], does: 'Zoom to 100 %' },
  { action: 'zoomFit', keys: ['Shift+1'], does: 'Fit the design to the screen' },
  { action: 'help', keys: ['?'], does: 'Show these shortcuts' },
];

/** The action a key press asks for, or undefined. Ctrl and Cmd are the same (Windows/Linux and macOS). */
export function shortcutFor(press: KeyPress): ShortcutAction | undefined {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  // [ and ] are typed with AltGr on many layouts (German: AltGr+8 and 9; Option+5 and 6 on a Mac). Windows reports
  // AltGr as Ctrl+Alt held, other systems as the AltGraph modifier (with or without Alt): the key is the bracket
  // typed either way, so it is taken as the plain key. Ctrl alone (no Alt) and Cmd keep their own meanings.
  if ((key === '[' || key === ']') && !press.metaKey && (press.altKey || press.getModifierState?.('AltGraph') === true)) {
    return key === '[' ? 'selectBehind' : 'selectInFront';
  }
  if (mod && !press.altKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !press.shiftKey) return 'redo';
    if (press.shiftKey) return undefined;
    const withMod: Record<string, ShortcutAction> = {
      c: 'copy',
      v: 'paste',
      d: 'duplicate',
      a: 'selectAll',
      '=': 'zoomIn',
      '+': 'zoomIn',
      '-': 'zoomOut',
      '0': 'zoomReset',
    };
    return withMod[key];
  }
  if (mod || press.altKey) return undefined;
  // Shift+1 as in design tools (not Ctrl+1: browsers keep that to switch tabs). The key is "!" on most layouts.
  if (press.shiftKey && (key === '!' || key === '1')) return 'zoomFit';
  const plain: Record<string, ShortcutAction> = {
    Delete: 'delete',
    Backspace: 'delete',
    Escape: 'deselect',
    '[': 'selectBehind',
    ']': 'selectInFront',
    ArrowLeft: 'nudgeLeft',
    ArrowRight: 'nudgeRight',
    ArrowUp: 'nudgeUp',
    ArrowDown: 'nudgeDown',
    '?': 'help',
  };
  return plain[key];
}

/** Arrow keys move by 1 design pixel, by 10 with Shift. */
export function nudgeOf(action: ShortcutAction, shift: boolean): { dx: number; dy: number } | undefined {
  const step = shift ? 10 : 1;
  if (action === 'nudgeLeft') return { dx: -step, dy: 0 };
  if (action === 'nudgeRight') return { dx: step, dy: 0 };
  if (action === 'nudgeUp') return { dx: 0, dy: -step };
  if (action === 'nudgeDown') return { dx: 0, dy: step };
  return undefined;
}

/**
 * Whether a key press belongs to what the user is typing: a text field, a select, a content-editable element
 * (or a fabric text being edited, which the caller checks). Shortcuts then stay out of the way, so Backspace
 * deletes a character and not the selected object.
 */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Buttons, checkboxes and the like take no typed text: the editor's shortcuts still apply with them focused.
  const type = (target.type ?? 'text').toLowerCase();
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(type);
}
