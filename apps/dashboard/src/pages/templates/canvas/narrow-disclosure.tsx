import { useId, useState, type ReactNode } from 'react';
import { buttonClass } from '../../../kit/button';

/**
 * Below lg (a phone, a narrow window) `children` hide behind one button that shows them (a disclosure: the button
 * says whether they are shown, aria-expanded, and names them by aria-controls); from lg they show as they are and
 * the button is gone. For controls used now and then that would take the first screen's rows from the work.
 */
export function NarrowDisclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className={buttonClass('secondary', 'lg:hidden')}
      >
        {label}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {/* Opened below lg, the controls take a row of their own under the button. */}
      <div id={id} className={`lg:contents ${open ? 'max-lg:basis-full' : 'max-lg:hidden'}`}>
        {children}
      </div>
    </>
  );
}
