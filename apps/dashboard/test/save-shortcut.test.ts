// The editors' save shortcut (kit/use-save-shortcut.ts): which key presses are Ctrl+S / Cmd+S.
import { isSaveShortcut, saveShortcutText, type SaveKeyPress } from '../src/kit/use-save-shortcut.js';

const press = (key: string, mods: Partial<SaveKeyPress> = {}): SaveKeyPress => ({
  key,
  code: `Key${key.toUpperCase()}`,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('isSaveShortcut', () => {
  it('is Ctrl+S and Cmd+S', () => {
    expect(isSaveShortcut(press('s', { ctrlKey: true }))).toBe(true);
    expect(isSaveShortcut(press('s', { metaKey: true }))).toBe(true);
    // Caps Lock on.
    expect(isSaveShortcut(press('S', { ctrlKey: true }))).toBe(true);
  });

  it('is not S alone, nor with Alt or Shift, nor another letter', () => {
    expect(isSaveShortcut(press('s'))).toBe(false);
    expect(isSaveShortcut(press('S', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSaveShortcut(press('s', { metaKey: true, shiftKey: true }))).toBe(false);
    expect(isSaveShortcut(press('s', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveShortcut(press('a', { ctrlKey: true }))).toBe(false);
  });

  it('reads the key’s place when the layout types no Latin letter there, and the letter when it does', () => {
    // Russian layout: the S key types "ы".
    expect(isSaveShortcut(press('ы', { ctrlKey: true, code: 'KeyS' }))).toBe(true);
    // Dvorak: the key where QWERTY has S types "o" (Ctrl+O), and S is elsewhere.
    expect(isSaveShortcut(press('o', { ctrlKey: true, code: 'KeyS' }))).toBe(false);
    expect(isSaveShortcut(press('s', { ctrlKey: true, code: 'Semicolon' }))).toBe(true);
  });
});

describe('saveShortcutText', () => {
  it('says Cmd on a Mac and Ctrl elsewhere', () => {
    expect(saveShortcutText('MacIntel')).toBe('Cmd+S');
    expect(saveShortcutText('Linux x86_64')).toBe('Ctrl+S');
    expect(saveShortcutText('Win32')).toBe('Ctrl+S');
  });
});
