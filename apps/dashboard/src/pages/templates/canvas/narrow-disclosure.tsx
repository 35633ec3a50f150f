import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { buttonClass } from '../../../kit/button';

/**
 * The widths at which the controls hide behind the button (static class names, for Tailwind to find):
 * - `below-lg`: a phone, a tablet (the template's actions beside the title);
 * - `sm-to-xl`: a tablet and a small laptop, 640–1279 px (the tools' rarely used ones). On a phone the tools are one
 *   sideways row that has room for all of them; from xl (1280 px) they fit a laptop's rows.
 * Opened, the controls take a row of their own under the button; elsewhere they show as they are (`contents`).
 */
const RANGES = {
  'below-lg': { button: 'lg:hidden', shown: 'lg:contents max-lg:basis-full', hidden: 'lg:contents max-lg:hidden' },
  'sm-to-xl': {
    button: 'max-sm:hidden xl:hidden',
    shown:
      'max-sm:contents xl:contents sm:max-xl:flex sm:max-xl:basis-full sm:max-xl:flex-wrap sm:max-xl:items-center sm:max-xl:gap-x-4 sm:max-xl:gap-y-2',
    hidden: 'max-sm:contents xl:contents sm:max-xl:hidden',
  },
} as const;

/**
 * At some widths (`range`) `children` hide behind one button that shows them (a disclosure: the button says whether
 * they are shown, aria-expanded, and names them by aria-controls); at the others they show as they are and the
 * button is gone. For controls used now and then that would take the first screen's rows from the work.
 *
 * Escape, with focus on the button or among the controls, hides them again and puts focus back on the button.
 * `closeOnPressOutside`: a pointer pressed anywhere else hides them too, as a menu does; focus stays where the person
 * pressed. A dialog one of them opened (Rename) is not "elsewhere": while one is open, presses are its own. Off for
 * tools used on the canvas's selection (Align): pressing the canvas to select would fold them away, and move the
 * canvas up under the pointer.
 */
export function NarrowDisclosure({
  label,
  children,
  range = 'below-lg',
  size = 'md',
  closeOnPressOutside = true,
}: {
  label: string;
  children: ReactNode;
  range?: keyof typeof RANGES;
  size?: 'md' | 'sm';
  closeOnPressOutside?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !closeOnPressOutside) return;
    const onPointerDown = (event: PointerEvent) => {
      if (within(event.target, button.current, panel.current) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      setOpen(false);
    };
    // Capture: a control that stops the event's propagation (the canvas's hand tool) still closes them.
    document.addEventListener('pointerdown', onPointerDown, { capture: true });
    return () => document.removeEventListener('pointerdown', onPointerDown, { capture: true });
  }, [open, closeOnPressOutside]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
    // React hands a portal's events (a dialog opened from the controls) to its React parents: only keys pressed here.
    if (!within(event.target, button.current, panel.current)) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  const classes = RANGES[range];
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onKeyDown}
        className={buttonClass('secondary', classes.button, size)}
      >
        {label}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div ref={panel} id={id} onKeyDown={onKeyDown} className={open ? classes.shown : classes.hidden}>
        {children}
      </div>
    </>
  );
}

/** Whether an event's target lies in one of the elements. */
function within(target: EventTarget | null, ...elements: Array<HTMLElement | null>): boolean {
  return target instanceof Node && elements.some((element) => element?.contains(target));
}
