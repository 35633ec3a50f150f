import { Button } from '../../../../kit/button';
import { Dialog } from '../../../../kit/dialog';
import { SHORTCUTS } from './shortcuts';

/** The keyboard shortcuts, as a table a screen reader reads row by row; opened with "?" or its button. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const shown = (keys: string) => (mac ? keys.replace(/Ctrl\+/g, '⌘') : keys);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They work while the canvas area has focus or nothing else does; not while you type in a field or edit a text."
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="py-1 pr-4 font-medium">
              Keys
            </th>
            <th scope="col" className="py-1 font-medium">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action} className="border-t border-slate-200">
              <td className="py-1 pr-4 whitespace-nowrap">
                {shortcut.keys.map((keys, i) => (
                  <span key={keys}>
                    {i > 0 ? ' or ' : ''}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">{shown(keys)}</kbd>
                  </span>
                ))}
              </td>
              <td className="py-1">{shortcut.does}</td>
            </tr>
          ))}
          {/* The dashboard's editors' one save shortcut (kit/use-save-shortcut.ts), not the canvas's: it works in a field too. */}
          <tr className="border-t border-slate-200">
            <td className="py-1 pr-4 whitespace-nowrap">
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">{shown('Ctrl+S')}</kbd>
            </td>
            <td className="py-1">Save the template (also while you type in a field)</td>
          </tr>
          <tr className="border-t border-slate-200">
            <td className="py-1 pr-4 whitespace-nowrap">
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">Space</kbd> + drag
            </td>
            <td className="py-1">Pan (or drag with the middle button, or scroll)</td>
          </tr>
          <tr className="border-t border-slate-200">
            <td className="py-1 pr-4 whitespace-nowrap">
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">{shown('Ctrl+')}</kbd>
              wheel
            </td>
            <td className="py-1">Zoom around the pointer</td>
          </tr>
          <tr className="border-t border-slate-200">
            <td className="py-1 pr-4 whitespace-nowrap">
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">Shift</kbd> + click
            </td>
            <td className="py-1">Add to or remove from the selection (or drag a box around objects)</td>
          </tr>
        </tbody>
      </table>
      {/* Something to focus inside the (scrolling) list, and a way out besides Escape. */}
      <Button variant="secondary" className="self-end" onClick={() => onOpenChange(false)}>
        Close
      </Button>
    </Dialog>
  );
}
