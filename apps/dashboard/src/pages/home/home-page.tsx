import { useCurrentSession } from '../../app/session';
import { Page } from '../../kit/page';
import { GettingStarted } from './getting-started';
import { NeedsAttention } from './needs-attention';
import { RecentRenders } from './recent-renders';
import { ThisMonth } from './this-month';
import { workspaceWords } from './workspace-words';

/**
 * Where a signed-in user lands: which workspace this is, what needs attention (only when something does), the
 * two ways to start (design in the dashboard, or call the API) until one is done, the month's credits and the last
 * renders. The navigation beside it reaches every section.
 */
export default function HomePage() {
  const session = useCurrentSession();
  const where = workspaceWords(
    session.workspaces.find((w) => w.id === session.workspaceId),
    session.user.email,
  );
  return (
    <Page title="Overview">
      <p className="-mt-4 text-sm text-slate-700 wrap-anywhere">
        Signed in as <strong>{session.user.email}</strong>, working in <strong>{where.name}</strong>
        {where.detail}.
      </p>
      <NeedsAttention />
      <GettingStarted />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RecentRenders />
        <ThisMonth />
      </div>
    </Page>
  );
}
