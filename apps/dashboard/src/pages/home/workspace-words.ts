/** What the words need of a session's workspace (api/auth.ts Workspace; not imported, so the unit test needs no client). */
interface WorkspaceFacts {
  kind: 'personal' | 'team';
  name: string;
  role: string;
}

/**
 * The workspace the Overview says `email` is working in. A sign-up's personal workspace is named by the email, so
 * "working in ada@example.com (personal, owner)" after "Signed in as ada@example.com" read as the same thing twice and
 * left a new user unsure what a workspace is: it is "your personal workspace". Any other (a team, an account the admin
 * CLI named) is its name, kind and role.
 */
export function workspaceWords(workspace: WorkspaceFacts | undefined, email: string): { name: string; detail: string } {
  if (!workspace) return { name: 'your workspace', detail: '' };
  if (workspace.kind === 'personal' && workspace.name === email) return { name: 'your personal workspace', detail: '' };
  return { name: workspace.name, detail: ` (${workspace.kind}, ${workspace.role})` };
}
