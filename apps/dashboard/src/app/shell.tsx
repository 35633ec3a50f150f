import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useScrollToTopOnNewPage } from './scroll-to-top';
import { useFocusHeadingWhenFocusDropped } from './focus-page-heading';
import { signOut } from '../api/auth';
import { messageOf } from '../api/problem';
import { Alert } from '../kit/alert';
import { Button } from '../kit/button';
import { LiveMessage } from '../kit/live-message';
import { pages, type PageEntry } from '../pages/registry';
import { forgetRememberedValues } from '../pages/templates/remembered-values';
import { MembershipNotice } from '../pages/teams/membership-notice';
import { currentNavPath } from './current-nav';
import { ACCOUNT_CONTROLS_ID, MAIN_NAV_ID, MenuButton, useMobileNav, type MobileNav } from './mobile-nav';
import { SIGNED_OUT, useCurrentSession } from './session';
import { WorkspaceSwitcher } from './workspace-switcher';

/** Below md the lists are two columns of larger targets in the opened menu; from md on, one column in the sidebar. */
const NAV_LIST = 'grid grid-cols-2 gap-1 md:flex md:flex-col';
const NAV_LINK = 'block rounded-md px-2 py-2 text-sm md:py-1.5';

function NavSection({ label, items, current, nav }: { label: string; items: PageEntry[]; current: string | null; nav: MobileNav }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <ul className={NAV_LIST}>
        {items.map((p) => (
          <li key={p.path}>
            <Link
              to={`/${p.path}`}
              aria-current={p.path === current ? 'page' : undefined}
              onClick={nav.onLinkClick(`/${p.path}`)}
              className={`${NAV_LINK} ${p.path === current ? 'bg-indigo-100 font-medium text-indigo-900' : 'text-slate-800 hover:bg-slate-100'}`}
            >
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The API's own pages, served by the gateway beside the dashboard (outside its router, so plain links). */
const DEVELOPER_LINKS = [
  { href: '/docs', title: 'API reference' },
  { href: '/openapi.json', title: 'OpenAPI document' },
];

function DeveloperLinks() {
  return (
    <div className="flex flex-col gap-1">
      <p className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Developers</p>
      <ul className={NAV_LIST}>
        {DEVELOPER_LINKS.map((l) => (
          <li key={l.href}>
            <a href={l.href} className={`${NAV_LINK} text-slate-800 hover:bg-slate-100`}>
              {l.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The signed-in frame: header with workspace switcher and sign-out, navigation from the page registry. Below md the
 * header is compact (product, current page, Menu) and the switcher, sign-out and navigation wait behind Menu
 * (mobile-nav.tsx), so a phone shows the page first.
 */
export function Shell() {
  const session = useCurrentSession();
  const navigate = useNavigate();
  const isOwner = session.user.instanceRole === 'owner';
  const visible = pages.filter((p) => !p.public && (!p.instanceOwnerOnly || isOwner));
  const { pathname } = useLocation();
  useScrollToTopOnNewPage(pathname);
  useFocusHeadingWhenFocusDropped(pathname);
  const current = currentNavPath(
    pathname,
    visible.filter((p) => p.nav !== undefined),
  );
  const title = visible.find((p) => p.nav !== undefined && p.path === current)?.title;
  const nav = useMobileNav();
  const shownByMenu = nav.open ? 'flex' : 'hidden';
  // What the shell says out loud (a workspace switch), in a polite region that is always in the page.
  const [announcement, setAnnouncement] = useState('');
  const out = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      forgetRememberedValues();
      // The sign-in page forgets the signed-in pages' data once it is on screen (SIGNED_OUT). Cleared here, the
      // cache would be empty while these pages are still drawn (the route changes in a transition, after this
      // mutation's own update), and they would be drawn again with no session and fail.
      await navigate('/sign-in', { state: SIGNED_OUT });
    },
  });
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header
        onKeyDown={nav.onKeyDown}
        className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3"
      >
        {/* Below md the product and page take the row beside Menu, the page name cut short rather than wrapping. */}
        <div className="flex min-w-0 items-baseline gap-2 max-md:flex-1">
          <span className="text-lg font-semibold text-indigo-800">Pressroom</span>
          {title && <span className="truncate text-sm text-slate-700 md:hidden">{title}</span>}
        </div>
        <MenuButton nav={nav} />
        <div id={ACCOUNT_CONTROLS_ID} className={`${shownByMenu} w-full max-w-full min-w-0 flex-wrap items-center gap-3 md:flex md:w-auto`}>
          <WorkspaceSwitcher session={session} onSwitched={(label) => setAnnouncement(`Now in workspace ${label}.`)} />
          {/* The name given at sign-up or on Account, with the email it signs in with; the email alone without one. */}
          {/* A long name is cut with an ellipsis (its whole text in the tooltip): the header stays one row. */}
          <span
            className="hidden max-w-[16rem] truncate text-sm text-slate-700 sm:inline"
            title={session.user.name ? `${session.user.name} (${session.user.email})` : session.user.email}
          >
            {session.user.name || session.user.email}
          </span>
          <Button variant="secondary" busy={out.isPending} onClick={() => out.mutate()}>
            Sign out
          </Button>
        </div>
      </header>
      {/* Outside the header: below md the switcher's part of it is hidden once the menu closes, and a hidden region is not read. */}
      <LiveMessage className="sr-only">{announcement}</LiveMessage>
      {out.isError && <Alert>{messageOf(out.error)}</Alert>}
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          id={MAIN_NAV_ID}
          aria-label="Main"
          onKeyDown={nav.onKeyDown}
          className={`${shownByMenu} flex-col gap-4 border-b border-slate-200 bg-white p-3 md:flex md:w-56 md:border-r md:border-b-0`}
        >
          <NavSection label="Dashboard" items={visible.filter((p) => p.nav === 'main')} current={current} nav={nav} />
          <NavSection label="Settings" items={visible.filter((p) => p.nav === 'settings')} current={current} nav={nav} />
          <DeveloperLinks />
        </nav>
        {/* tabIndex -1: the skip link moves focus here (a screen reader then reads from the page), no extra Tab stop. */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          {/* A removal from a team moves the session out of it without a word from the server: say so on any page. */}
          <MembershipNotice />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
