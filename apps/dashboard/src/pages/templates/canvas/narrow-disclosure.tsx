import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { buttonClass } from '../../../kit/button';

/**
 * Below lg (a phone, a narrow window) `children` hide behind one button that shows them (a disclosure: the button
 * says whether they are shown, aria-expanded, and names them by aria-controls); from lg they show as they are and
 * the button is gone. For controls used now and then that would take the first screen's rows from the work.
 *
 * Escape, with focus on the button or among the controls, hides them again and puts focus back on the button. The
 * controls open in the page's flow (a row of their own that moves what is under it down), not over it as a popover,
 * so a click elsewhere leaves them open: nothing is covered, and a dialog one of them opened (Rename) is not "elsewhere".
 */
export function NarrowDisclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
    // React hands a portal's events (a dialog opened from the controls) to its React parents: only keys pressed here.
    const target = event.target as Node;
    if (!button.current?.contains(target) && !panel.current?.contains(target)) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onKeyDown}
        className={buttonClass('secondary', 'lg:hidden')}
      >
        {label}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {/* Opened below lg, the controls take a row of their own under the button. */}
      <div ref={panel} id={id} onKeyDown={onKeyDown} className={`lg:contents ${open ? 'max-lg:basis-full' : 'max-lg:hidden'}`}>
        {children}
      </div>
    </>
  );
}
