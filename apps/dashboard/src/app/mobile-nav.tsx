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
  /**
   * On each in-app link of the navigation, in the phone menu and in the desktop sidebar alike: choosing one closes
   * the menu (when open) and focuses the new page's heading.
   */
  onLinkClick: (to: string) => (event: MouseEvent<HTMLAnchorElement>) => void;
}

const samePath = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/**
 * The phone navigation: a disclosure (not a modal), because the navigation and the account controls are the
 * page's own landmarks, shown in place by the md breakpoint; below it they stay hidden until the Menu button opens
 * them. A link chosen from the open menu disappears with it, so focus moves on to the new page's h1 instead of
 * falling back to the document. The same rule holds for the desktop sidebar, whose link stays on the screen: a
 * keyboard or screen-reader user who chose a page starts reading it at its name, not back in the navigation, and
 * the page behaves the same at every width. Only a choice from the navigation moves focus: Back and Forward, the
 * skip link and links inside a page leave focus where the browser puts it.
 */
export function useMobileNav(): MobileNav {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  /** The path of the link chosen from the navigation, until the router has shown it. */
  const chosen = useRef<string | null>(null);
  const location = useLocation();
  const [shownAt, setShownAt] = useState(location.key);
  // Any navigation closes the menu, Back and links in the page included (state adjusted while rendering).
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }
  useEffect(() => {
    // A navigation the leave-without-saving guard holds back leaves the location as it is (this effect does not run),
    // so the choice waits until the guard lets it through. Any other page reached first (Back instead) voids it.
    const wanted = chosen.current;
    chosen.current = null;
    if (wanted === null || !samePath(location.pathname, wanted)) return;
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
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
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
