import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useFocusHeadingWhenFocusDropped } from '../../app/focus-page-heading';

/** The frame of the pages shown without a session. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Pressroom`;
  }, [title]);
  // The shell's rule, on these pages too: Sign out (its button gone with the shell), a link between these pages, or a
  // form that leads on drops focus on the document; the new page's heading takes it, not the page's body.
  useFocusHeadingWhenFocusDropped(useLocation().pathname);
  return (
    <main id="main" className="flex min-h-screen items-start justify-center px-4 py-12 sm:items-center">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <p className="text-sm font-semibold text-indigo-800">Pressroom</p>
          <h1 className="text-2xl font-semibold">{title}</h1>
        </div>
        {children}
        {footer && <div className="text-sm text-slate-700">{footer}</div>}
      </div>
    </main>
  );
}
