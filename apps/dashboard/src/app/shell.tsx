import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { signOut } from '../api/auth';
import { messageOf } from '../api/problem';
import { Alert } from '../kit/alert';
import { Button } from '../kit/button';
import { pages, type PageEntry } from '../pages/registry';
import { currentNavPath } from './current-nav';
import { useCurrentSession } from './session';
import { WorkspaceSwitcher } from './workspace-switcher';

function NavSection({ label, items, current }: { label: string; items: PageEntry[]; current: string | null }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
        {items.map((p) => (
          <li key={p.path}>
            <Link
              to={`/${p.path}`}
              aria-current={p.path === current ? 'page' : undefined}
              className={`block rounded-md px-2 py-1.5 text-sm ${p.path === current ? 'bg-indigo-100 font-medium text-indigo-900' : 'text-slate-800 hover:bg-slate-100'}`}
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
      <ul className="flex flex-row flex-wrap gap-1 md:flex-col">
        {DEVELOPER_LINKS.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="block rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100">
              {l.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The signed-in frame: header with workspace switcher and sign-out, navigation from the page registry. */
export function Shell() {
  const session = useCurrentSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const isOwner = session.user.instanceRole === 'owner';
  const visible = pages.filter((p) => !p.public && (!p.instanceOwnerOnly || isOwner));
  const { pathname } = useLocation();
  const current = currentNavPath(
    pathname,
    visible.filter((p) => p.nav !== undefined),
  );
  const out = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      client.clear();
      void navigate('/sign-in');
    },
  });
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <span className="text-lg font-semibold text-indigo-800">Pressroom</span>
        <div className="flex max-w-full min-w-0 flex-wrap items-center gap-3">
          <WorkspaceSwitcher session={session} />
          {/* The name given at sign-up or on Account, with the email it signs in with; the email alone without one. */}
          <span className="hidden text-sm text-slate-700 sm:inline" title={session.user.name ? session.user.email : undefined}>
            {session.user.name || session.user.email}
          </span>
          <Button variant="secondary" busy={out.isPending} onClick={() => out.mutate()}>
            Sign out
          </Button>
        </div>
      </header>
      {out.isError && <Alert>{messageOf(out.error)}</Alert>}
      <div className="flex flex-1 flex-col md:flex-row">
        <nav aria-label="Main" className="flex flex-col gap-4 border-b border-slate-200 bg-white p-3 md:w-56 md:border-r md:border-b-0">
          <NavSection label="Dashboard" items={visible.filter((p) => p.nav === 'main')} current={current} />
          <NavSection label="Settings" items={visible.filter((p) => p.nav === 'settings')} current={current} />
          <DeveloperLinks />
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
