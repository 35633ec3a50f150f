import { auditActionWords, auditActorWords, auditTargetWords, auditViaWords } from '../src/pages/settings/audit-words.js';

describe('the audit log in words', () => {
  it('says each action plainly, and shows an unknown one as it is', () => {
    expect(auditActionWords('api_key.revoked')).toBe('Revoked an API key');
    expect(auditActionWords('team.invite_sent')).toBe('Invited someone');
    // Changes only the admin CLI makes have their own words too.
    expect(auditActionWords('account.created')).toBe('Created this workspace');
    expect(auditActionWords('team.account_added')).toBe('Added an account to the team');
    expect(auditActionWords('account.password_reset')).toBe('Reset a password');
    // Re-enabling a webhook the dispatcher disabled is said as its button says it, apart from resuming a paused one.
    expect(auditActionWords('webhook.reenabled')).toBe('Re-enabled a webhook');
    expect(auditActionWords('webhook.resumed')).toBe('Resumed a webhook');
    expect(auditActionWords('something.new')).toBe('something.new');
  });

  it('names the target by its recorded name, else its id, else nothing', () => {
    expect(auditTargetWords({ id: 'key_1', label: 'CI (prs_live_ab…9f3c)' })).toBe('CI (prs_live_ab…9f3c)');
    expect(auditTargetWords({ id: 'whk_1', label: null })).toBe('whk_1');
    expect(auditTargetWords({ id: null, label: null })).toBe('');
    // Instance settings and plans in the Instance page's words, not the API's field names.
    expect(auditTargetWords({ id: null, label: 'signupMode: open' }, 'instance.settings_changed')).toBe('Who may sign up: Open');
    expect(auditTargetWords({ id: null, label: 'signupMode: invite, newWorkspacePlan: pro' }, 'instance.settings_changed')).toBe(
      'Who may sign up: Invite only; New accounts and teams start on: Pro',
    );
    expect(auditTargetWords({ id: 'acc_1', label: 'business' }, 'instance.workspace_plan_changed')).toBe('Business');
  });

  it('names who by name and email, or whichever is known', () => {
    expect(auditActorWords({ accountId: 'acc_1', email: 'ada@example.com', name: 'Ada' })).toBe('Ada (ada@example.com)');
    expect(auditActorWords({ accountId: 'acc_1', email: 'ada@example.com', name: null })).toBe('ada@example.com');
    expect(auditActorWords({ accountId: 'acc_1', email: null, name: 'ci-bot' })).toBe('ci-bot');
    expect(auditActorWords({ accountId: 'acc_1', email: null, name: null })).toBe('acc_1');
  });

  it('says how: the dashboard or the key', () => {
    expect(auditViaWords(null)).toBe('Dashboard');
    // A change made with `make key` has neither: the CLI's marker says how.
    expect(auditViaWords(null, { accountId: 'admin-cli' })).toBe('Admin CLI');
    expect(auditViaWords(null, { accountId: 'acc_1' })).toBe('Dashboard');
    expect(auditViaWords({ name: 'CI', masked: 'prs_live_ab…9f3c' })).toBe('API key CI (prs_live_ab…9f3c)');
    expect(auditViaWords({ name: null, masked: 'prs_live_ab…9f3c' })).toBe('API key prs_live_ab…9f3c');
  });
});
