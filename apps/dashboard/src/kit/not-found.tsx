import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import { Page } from './page';

/**
 * The page for a thing the workspace does not have (deleted, mistyped, or another workspace's link): a heading,
 * what was looked for, why it may be gone (`reason`, when the thing has causes of its own, such as a batch's
 * results expiring), and the list it belongs to.
 */
export function NotFound({
  what,
  id,
  back,
  reason = 'It may have been deleted, or the link may belong to another workspace.',
}: {
  what: string;
  id: string;
  back: { to: string; label: string };
  reason?: string;
}): ReactNode {
  return (
    <Page
      title={`${what.charAt(0).toUpperCase()}${what.slice(1)} not found`}
      actions={
        <Link className={buttonClass('secondary')} to={back.to}>
          {back.label}
        </Link>
      }
    >
      <p className="text-sm">
        This workspace has no {what} <code className="rounded bg-slate-100 px-1">{id}</code>. {reason}
      </p>
    </Page>
  );
}
