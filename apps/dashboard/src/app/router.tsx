import { createBrowserRouter, type RouteObject } from 'react-router';
import { pages, type PageEntry } from '../pages/registry';
import { BASE } from './return-to';
import { RequireSession } from './session';
import { Shell } from './shell';
import { NotFoundPage } from './not-found-page';

function route(page: PageEntry): RouteObject {
  const lazy = async () => ({ Component: (await page.load()).default });
  return page.path === '' ? { index: true, lazy } : { path: page.path, lazy };
}

/** Shown while the first page's chunk loads (every page is lazy: without it the router warns and shows nothing). */
function FirstPageLoading() {
  return <p className="p-6 text-sm text-slate-600">Loading…</p>;
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
            children: [...pages.filter((p) => !p.public).map(route), { path: '*', Component: NotFoundPage }],
          },
        ],
      },
    ],
    { basename: BASE },
  );
}
