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

/** Public pages stand alone; every other page sits in the shell behind RequireSession. */
export function createAppRouter() {
  return createBrowserRouter(
    [
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
    { basename: BASE },
  );
}
