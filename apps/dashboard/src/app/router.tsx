import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { pages, type PageEntry } from '../pages/registry';
import { BASE } from './return-to';
import { RequireSession } from './session';
import { Shell } from './shell';
import { LoadingIndicator } from './shell-loading';
import { NotFoundPage } from './not-found-page';

function route(page: PageEntry): RouteObject {
  const lazy = async () => ({ Component: (await page.load()).default });
  return page.path === '' ? { index: true, lazy } : { path: page.path, lazy };
}

/**
 * Shown while the first page's chunk loads (every page is lazy: without it the router warns and shows nothing). Centred,
 * not the shell's frame: the first page may be a public one (sign-in) that has none.
 */
function FirstPageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center p-6">
      <LoadingIndicator text="Loading…" />
    </div>
  );
}

/** Public pages stand alone; every other page sits in the shell behind RequireSession. */
export function createAppRouter() {
  return createBrowserRouter(
    [
      {
        HydrateFallback: FirstPageLoading,
        children: [
          ...pages.filter((p) => p.public).map(route),
          {
            element: (
              <RequireSession>
                <Shell />
              </RequireSession>
            ),
            children: [
              ...pages.filter((p) => !p.public).map(route),
              // Settings has no page of its own: its address (typed, or cut back from a settings page's) opens Account.
              { path: 'settings', element: <Navigate to="/settings/account" replace /> },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
    { basename: BASE },
  );
}
