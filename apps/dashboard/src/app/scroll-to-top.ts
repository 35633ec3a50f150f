import { useEffect } from 'react';
import { NavigationType, useNavigationType } from 'react-router';

/**
 * A link to another page opens it at its top, as a page load would: the router keeps the window's scroll, so
 * "Use this template" low in the starter gallery used to open the editor halfway down. Only a change of path
 * counts: filters and tabs that change the query keep the place. Back and Forward (POP) are left to the browser,
 * which restores where the person was.
 */
export function useScrollToTopOnNewPage(pathname: string): void {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    // On a new path only, not when the navigation type alone changes.
  }, [pathname]);
}
