import { Link } from 'react-router';
import { useCurrentSession } from '../app/session';
import { Page, Section } from '../kit/page';
import { pages } from './registry';

/** Where a signed-in user lands: who and where they are, and the way to every section. */
export default function HomePage() {
  const session = useCurrentSession();
  const workspace = session.workspaces.find((w) => w.id === session.workspaceId);
  const sections = pages.filter((p) => p.nav && p.path !== '');
  return (
    <Page title="Overview">
      <Section title="Workspace">
        <p className="text-sm">
          Signed in as <strong>{session.user.email}</strong>, working in <strong>{workspace?.name ?? 'your workspace'}</strong>
          {workspace ? ` (${workspace.kind}, ${workspace.role})` : ''}.
        </p>
      </Section>
      {sections.length > 0 && (
        <Section title="Sections">
          <ul className="grid gap-2 sm:grid-cols-2">
            {sections.map((p) => (
              <li key={p.path}>
                <Link className="text-indigo-700 underline" to={`/${p.path}`}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </Page>
  );
}
