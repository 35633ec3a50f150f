/**
 * The audit log's actions in words for people (docs/audit-log.md lists them). An action this dashboard does not
 * know yet (a newer server) is shown as it is, never dropped.
 */
const ACTION_WORDS: Record<string, string> = {
  'account.created': 'Created this workspace',
  'account.signed_in': 'Signed in',
  'account.password_changed': 'Changed their password',
  'account.password_reset': 'Reset a password',
  'account.session_signed_out': 'Signed out one of their browsers',
  'account.other_sessions_signed_out': 'Signed out their other browsers',
  'api_key.created': 'Created an API key',
  'api_key.rotated': 'Rotated an API key',
  'api_key.revoked': 'Revoked an API key',
  'webhook.created': 'Added a webhook',
  'webhook.updated': 'Changed a webhook',
  'webhook.deleted': 'Deleted a webhook',
  'webhook.paused': 'Paused a webhook',
  'webhook.resumed': 'Resumed a webhook',
  'webhook.reenabled': 'Re-enabled a webhook',
  'custom_storage.set': 'Saved custom storage',
  'custom_storage.removed': 'Removed custom storage',
  'url_signing_secret.created': 'Made a new URL-signing secret',
  'url_signing_secret.revoked': 'Revoked the URL-signing secret',
  'team.created': 'Created the team',
  'team.account_added': 'Added an account to the team',
  'team.member_removed': 'Removed a member',
  'team.member_role_changed': 'Changed a member’s role',
  'team.invite_sent': 'Invited someone',
  'team.invite_revoked': 'Withdrew an invitation',
  'team.invite_accepted': 'Joined by invitation',
  'instance.settings_changed': 'Changed the instance’s settings',
  'instance.workspace_plan_changed': 'Changed this workspace’s plan',
};

/** The kinds of action the log's What filter offers, as the API's `action` query names them (`api_key` keeps all its actions). */
export const AUDIT_KINDS: ReadonlyArray<readonly [kind: string, words: string]> = [
  ['api_key', 'API keys'],
  ['webhook', 'Webhooks'],
  ['custom_storage', 'Custom storage'],
  ['url_signing_secret', 'URL-signing secret'],
  ['team', 'Team members and invitations'],
  ['account', 'Workspace, sign-ins and passwords'],
  ['instance', 'Instance settings and plans'],
];

export function auditActionWords(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

// The instance page's own words for what the server records of a settings change ("signupMode: open").
const SETTING_WORDS: Record<string, { name: string; values: Record<string, string> }> = {
  signupMode: { name: 'Who may sign up', values: { open: 'Open', invite: 'Invite only', closed: 'Closed' } },
  newWorkspacePlan: {
    name: 'New accounts and teams start on',
    values: { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' },
  },
};
const PLAN_WORDS = SETTING_WORDS.newWorkspacePlan!.values;

/** An instance settings change as recorded ("signupMode: open, newWorkspacePlan: pro"), in the instance page's words. */
function settingsWords(label: string): string {
  return label
    .split(', ')
    .map((part) => {
      const [name = '', value = ''] = part.split(': ');
      const setting = SETTING_WORDS[name];
      return setting ? `${setting.name}: ${setting.values[value] ?? value}` : part;
    })
    .join('; ');
}

/**
 * What it was done to: the name recorded then, else its id, else nothing (the workspace itself). An instance settings
 * change and a plan change are said as the Instance page says them (Who may sign up: Open; Pro), not by field names.
 */
export function auditTargetWords(target: { id: string | null; label: string | null }, action?: string): string {
  if (target.label && action === 'instance.settings_changed') return settingsWords(target.label);
  if (target.label && action === 'instance.workspace_plan_changed') return PLAN_WORDS[target.label] ?? target.label;
  return target.label ?? target.id ?? '';
}

/** Who: their name and email, or whichever is known. */
export function auditActorWords(actor: { accountId: string; email: string | null; name: string | null }): string {
  if (actor.email && actor.name && actor.name !== actor.email) return `${actor.name} (${actor.email})`;
  return actor.email ?? actor.name ?? actor.accountId;
}

/** The actor of a change made with the admin CLI (`make key`; libs/db ADMIN_CLI_ACTOR, docs/audit-log.md). */
const ADMIN_CLI_ACTOR = 'admin-cli';

/** How: the dashboard, the admin CLI, or the API key used (by name and masked). */
export function auditViaWords(key: { name: string | null; masked: string } | null, actor?: { accountId: string }): string {
  if (actor?.accountId === ADMIN_CLI_ACTOR) return 'Admin CLI';
  if (key === null) return 'Dashboard';
  return key.name ? `API key ${key.name} (${key.masked})` : `API key ${key.masked}`;
}
