import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from '../kit/button';
import { focusPageHeading } from './focus-page-heading';

/** The parts of the shell the Menu button shows and hides below the md breakpoint. */
export const MAIN_NAV_ID = 'main-navigation';
export const ACCOUNT_CONTROLS_ID = 'account-controls';

export interface MobileNav {
  open: boolean;
  toggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** On the header and the navigation: Escape closes the menu and gives focus back to the Menu button. */
  onKeyDown: (event: KeyboardEvent) => void;
  /** On each in-app link of the navigation: choosing one closes the menu and focuses the new page's heading. */
  onLinkClick: (to: string) => (event: MouseEvent<HTMLAnchorElement>) => void;
}

const samePath = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/**
 * The phone navigation: a disclosure (not a modal), because the navigation and the account controls are the
 * page's own landmarks, shown in place by the md breakpoint; below it they stay hidden until the Menu button opens
 * them. A link chosen from the open menu disappears with it, so focus moves on to the new page's h1 instead of
 * falling back to the document.
 */
export function useMobileNav(): MobileNav {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  /** The path of the link chosen from the menu, until the router has shown it. */
  const chosen = useRef<string | null>(null);
  const location = useLocation();
  const [shownAt, setShownAt] = useState(location.key);
  // Any navigation closes the menu, Back and links in the page included (state adjusted while rendering).
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }
  useEffect(() => {
    // A navigation the leave-without-saving guard held back has not reached the chosen path: nothing to focus yet.
    if (chosen.current === null || !samePath(location.pathname, chosen.current)) return;
    chosen.current = null;
    return focusPageHeading(document.getElementById('main'));
  }, [location.key, location.pathname]);

  return {
    open,
    toggle: () => setOpen((o) => !o),
    buttonRef,
    onKeyDown: (event) => {
      if (event.key !== 'Escape' || !open) return;
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    },
    onLinkClick: (to) => (event) => {
      // A link opened in a new tab or window leaves this page as it is.
      if (!open || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      chosen.current = to;
      setOpen(false);
    },
  };
}

/** Shown below md only: the disclosure's button, naming what it opens by aria-controls. */
export function MenuButton({ nav }: { nav: MobileNav }) {
  return (
    <button
      ref={nav.buttonRef}
      type="button"
      aria-expanded={nav.open}
      aria-controls={`${ACCOUNT_CONTROLS_ID} ${MAIN_NAV_ID}`}
      onClick={nav.toggle}
      className={buttonClass('secondary', 'md:hidden')}
    >
      Menu
    </button>
  );
}
