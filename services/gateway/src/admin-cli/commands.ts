import { randomBytes } from 'node:crypto';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  ADMIN_CLI_ACTOR,
  addAccountToTeam,
  createAccount,
  createApiKey,
  createTeam,
  findAccountByName,
  findTeamByName,
  getAccount,
  getApiKey,
  keyAuditLabel,
  listAccounts,
  listApiKeys,
  PLANS,
  recordAuditEvent,
  revokeApiKey,
  rotateApiKey,
  type Account,
  type AuditAction,
  type ApiKeyView,
  type Db,
  getOwnerPlan,
  planSettingsFor,
  setOwnerPlan,
  setAccountPassword,
  normaliseEmail,
  type Plan,
  type PlanSettingsInput,
} from '@pressroom/db';
import { EmailAddress, PlanChangeBody, type OwnerChange } from '@pressroom/contracts';
import { CliError } from './cli-error.js';

/**
 * One line of a command's answer. A `note` is commentary beside the result (which account was used, that a key is
 * shown once): the CLI writes notes to stderr, so `$(make -s key …)` captures the key alone.
 */
export type Print = (line: string, kind?: 'note') => void;
/** Tells every running process that an owner's settings changed (owner.changed), so their caches drop them now. */
export type AnnounceChange = (ownerId: string, what: readonly OwnerChange[]) => Promise<void>;
type Command = (db: Db, args: string[], print: Print, announce: AnnounceChange) => Promise<void>;

const planOption = { plan: { type: 'string' } } as const;
const labelOption = { label: { type: 'string' } } as const;

const planSettingsOptions = {
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
  'render-credits': { type: 'string' },
  'ai-credits': { type: 'string' },
  overage: { type: 'string' },
} as const;

/** The CLI's flag for each field of the plan-change body, so its problems name what the operator typed. */
const FLAG_OF: Record<string, string> = {
  perMinute: '--per-minute',
  perDay: '--per-day',
  renderCredits: '--render-credits',
  aiCredits: '--ai-credits',
  overage: '--overage',
};

function optionalNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new CliError(`${flag} must be a number, got "${value}"`);
  return n;
}

/**
 * The options as the plan-change body the dashboard sends (PUT /instance/workspaces/{id}/plan), checked by the
 * same schema and turned into stored settings by the same rule (planSettingsFor).
 */
function planSettingsFrom(plan: Plan, values: Partial<Record<keyof typeof planSettingsOptions, string>>): PlanSettingsInput {
  if (values.overage !== undefined && values.overage !== 'on' && values.overage !== 'off')
    throw new CliError('--overage must be on or off');
  const parsed = PlanChangeBody.safeParse({
    plan,
    ...(values.overage !== undefined ? { overage: values.overage === 'on' } : {}),
    perMinute: optionalNumber('--per-minute', values['per-minute']),
    perDay: optionalNumber('--per-day', values['per-day']),
    renderCredits: optionalNumber('--render-credits', values['render-credits']),
    aiCredits: optionalNumber('--ai-credits', values['ai-credits']),
  });
  if (!parsed.success) {
    // The body's messages name its fields (`perMinute`): say the flag the operator typed instead.
    const said = parsed.error.issues.map((issue) => {
      const field = String(issue.path[0]);
      const flag = FLAG_OF[field] ?? field;
      return issue.message.includes(`\`${field}\``) ? issue.message.replace(`\`${field}\``, flag) : `${flag}: ${issue.message}`;
    });
    throw new CliError(said.join(' '));
  }
  return planSettingsFor(parsed.data);
}

async function describePlan(db: Db, ownerId: string, who: string): Promise<string> {
  const p = await getOwnerPlan(db, ownerId);
  return `${who}: plan ${p.plan}, ${p.limits.perMinute}/min, ${p.limits.perDay}/day, ${p.limits.renderCredits} render credits and ${p.limits.aiCredits} AI credits per month, overage ${p.overage ? 'on' : 'off'}`;
}

function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, positionals: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals.length) {
    const expected = positionals.map((p) => `<${p}>`).join(' ') || 'no arguments';
    throw new CliError(`expected ${expected}, got ${parsed.positionals.length ? parsed.positionals.join(' ') : 'nothing'}`);
  }
  return parsed;
}

function checkPlan(plan: string | undefined): string | undefined {
  if (plan !== undefined && !(PLANS as readonly string[]).includes(plan)) {
    throw new CliError(`unknown plan "${plan}" (expected ${PLANS.join('|')})`);
  }
  return plan;
}

/** A name for a new account or team: refused when blank (it could be listed but never typed back). */
function newName(kind: 'account' | 'team', name: string): string {
  if (name.trim() === '') throw new CliError(`the ${kind} name must not be blank`);
  return name;
}

async function accountNamed(db: Db, name: string): Promise<Account> {
  const account = await findAccountByName(db, name);
  if (!account) throw new CliError(`no account named "${name}" (create it with: accounts create ${name})`);
  return account;
}

function keyLine(view: ApiKeyView): string {
  const status = view.revokedAt ? `revoked ${view.revokedAt.toISOString()}` : 'active';
  const used = view.lastUsedAt ? view.lastUsedAt.toISOString() : 'never';
  return [view.id, view.masked, status, `created ${view.createdAt.toISOString()}`, `last used ${used}`, view.label ?? '']
    .join('  ')
    .trimEnd();
}

/**
 * Puts a change made here in the workspace's audit log, as the gateway does for the same change, by `admin CLI`
 * (ADMIN_CLI_ACTOR) with no key and no address. A failed write is a note: the change is made, as in the gateway.
 */
async function auditCli(
  db: Db,
  print: Print,
  event: { ownerId: string; action: AuditAction; targetId: string; targetLabel: string },
): Promise<void> {
  try {
    await recordAuditEvent(db, { ...event, accountId: ADMIN_CLI_ACTOR, keyId: null, ip: null });
  } catch (error) {
    print(`note: the change is made, but the audit log did not record it: ${(error as Error).message}`, 'note');
  }
}

/** A workspace made here (no HTTP route makes one without a person signing up): the first line of its log. */
const auditAccountCreated = (db: Db, print: Print, account: Account) =>
  auditCli(db, print, { ownerId: account.ownerId, action: 'account.created', targetId: account.id, targetLabel: account.name });

/** As PUT /instance/workspaces/{id}/plan records it: in the holder's log (the account or the team), the plan. */
const auditPlanChange = (db: Db, print: Print, holderId: string, plan: Plan) =>
  auditCli(db, print, { ownerId: holderId, action: 'instance.workspace_plan_changed', targetId: holderId, targetLabel: plan });

const commands: Record<string, Command> = {
  async 'accounts create'(db, args, print) {
    const { values, positionals } = parse(args, planOption, ['name']);
    const account = await createAccount(db, { name: newName('account', positionals[0]!), plan: checkPlan(values.plan) });
    await auditAccountCreated(db, print, account);
    print(`created account ${account.name} (${account.id}, plan ${account.plan})`);
  },

  async 'accounts list'(db, args, print) {
    parse(args, {}, []);
    const accounts = await listAccounts(db);
    if (accounts.length === 0) print('no accounts');
    for (const a of accounts) print([a.id, a.name, a.plan, a.teamId ?? '-', a.createdAt.toISOString()].join('  '));
  },

  async 'keys create'(db, args, print) {
    const { values, positionals } = parse(args, labelOption, ['account-name']);
    const account = await accountNamed(db, positionals[0]!);
    const { key, record } = await createApiKey(db, { accountId: account.id, label: values.label });
    await auditCli(db, print, {
      ownerId: account.ownerId,
      action: 'api_key.created',
      targetId: record.id,
      targetLabel: keyAuditLabel(record),
    });
    print(`created key ${record.id} for account ${account.name}; it is shown only now:`, 'note');
    print(key);
  },

  async 'keys list'(db, args, print) {
    const { positionals } = parse(args, {}, ['account-name']);
    const account = await accountNamed(db, positionals[0]!);
    const keys = await listApiKeys(db, account.id);
    if (keys.length === 0) print(`account ${account.name} has no keys`);
    for (const view of keys) print(keyLine(view));
  },

  async 'keys rotate'(db, args, print) {
    const { positionals } = parse(args, {}, ['key-id']);
    const old = await getApiKey(db, positionals[0]!);
    if (!old) throw new CliError(`no key with id "${positionals[0]}"`);
    if (old.revokedAt) throw new CliError(`key ${old.id} is already revoked; create a new one with: keys create <account-name>`);
    const { key, record } = await rotateApiKey(db, old.id);
    await auditCli(db, print, {
      ownerId: (await getAccount(db, old.accountId))?.ownerId ?? old.accountId,
      action: 'api_key.rotated',
      targetId: old.id,
      targetLabel: `${record.label ? `${record.label} ` : ''}(${old.masked} → ${record.masked})`,
    });
    print(`revoked key ${old.id}; created key ${record.id}; it is shown only now:`, 'note');
    print(key);
  },

  async 'keys revoke'(db, args, print) {
    const { positionals } = parse(args, {}, ['key-id']);
    const id = positionals[0]!;
    const existing = await getApiKey(db, id);
    if (await revokeApiKey(db, id)) {
      await auditCli(db, print, {
        ownerId: (await getAccount(db, existing!.accountId))?.ownerId ?? existing!.accountId,
        action: 'api_key.revoked',
        targetId: id,
        targetLabel: keyAuditLabel(existing!),
      });
      return print(`revoked key ${id}`);
    }
    throw new CliError(existing ? `key ${id} was already revoked` : `no key with id "${id}"`);
  },

  async 'teams create'(db, args, print) {
    const { positionals } = parse(args, {}, ['name']);
    const team = await createTeam(db, { name: newName('team', positionals[0]!) });
    // As a team made in the dashboard: the first line of the team's own log.
    await auditCli(db, print, { ownerId: team.id, action: 'team.created', targetId: team.id, targetLabel: team.name });
    print(`created team ${team.name} (${team.id})`);
  },

  async 'teams add'(db, args, print) {
    const { positionals } = parse(args, {}, ['team-name', 'account-name']);
    const team = await findTeamByName(db, positionals[0]!);
    if (!team) throw new CliError(`no team named "${positionals[0]}"`);
    const account = await accountNamed(db, positionals[1]!);
    await addAccountToTeam(db, { accountId: account.id, teamId: team.id });
    // Adding an account already in the team changes nothing, so it is not an event (as accepting an invitation to a team one is in).
    if (account.teamId !== team.id) {
      await auditCli(db, print, { ownerId: team.id, action: 'team.account_added', targetId: account.id, targetLabel: account.name });
    }
    print(`account ${account.name} is now a member of team ${team.name}; its templates and renders belong to the team`);
  },

  /** Lets an account made here sign in to the dashboard (docs/auth.md). */
  async 'users set-password'(db, args, print) {
    const { values, positionals } = parse(args, { email: { type: 'string' }, password: { type: 'string' } }, ['account-name']);
    if (!values.email) throw new CliError('users set-password needs --email <address> (the sign-in name)');
    // The sign-in form accepts only what this schema does: an address it refuses could never sign in.
    const email = EmailAddress.safeParse(values.email);
    if (!email.success) throw new CliError(`--email: ${email.error.issues[0]?.message ?? 'not an email address'} (got "${values.email}")`);
    if (values.password !== undefined && values.password.length < 10) throw new CliError('--password must have at least 10 characters');
    // A signed-up account is named by its email as stored (lower case): the command the dashboard's Forgot password
    // page shows repeats the address as the person typed it (`Ops@Example.com`), which names it too.
    const name = positionals[0]!;
    const account =
      (await findAccountByName(db, name)) ?? (await findAccountByName(db, normaliseEmail(name))) ?? (await accountNamed(db, name));
    const password = values.password ?? randomBytes(12).toString('base64url');
    const user = await setAccountPassword(db, { accountId: account.id, email: email.data, password });
    // Set without the old password, as a reset link does; the person is named, since the CLI is who did it.
    await auditCli(db, print, { ownerId: account.ownerId, action: 'account.password_reset', targetId: user.id, targetLabel: user.email });
    print(`account ${account.name} signs in to the dashboard as ${user.email}`);
    if (values.password === undefined) print(password);
  },

  async 'accounts plan'(db, args, print, announce) {
    const { values, positionals } = parse(args, planSettingsOptions, ['name', 'plan']);
    const account = await accountNamed(db, positionals[0]!);
    const plan = checkPlan(positionals[1]) as Plan;
    await setOwnerPlan(db, { ownerId: account.id, kind: 'account', plan, settings: planSettingsFrom(plan, values) });
    await announce(account.id, ['plan']);
    await auditPlanChange(db, print, account.id, plan);
    if (account.teamId) print(`note: account ${account.name} belongs to a team; the team's plan applies while it does`);
    print(await describePlan(db, account.id, `account ${account.name}`));
  },

  async 'teams plan'(db, args, print, announce) {
    const { values, positionals } = parse(args, planSettingsOptions, ['team-name', 'plan']);
    const team = await findTeamByName(db, positionals[0]!);
    if (!team) throw new CliError(`no team named "${positionals[0]}"`);
    const plan = checkPlan(positionals[1]) as Plan;
    await setOwnerPlan(db, { ownerId: team.id, kind: 'team', plan, settings: planSettingsFrom(plan, values) });
    await announce(team.id, ['plan']);
    await auditPlanChange(db, print, team.id, plan);
    print(await describePlan(db, team.id, `team ${team.name}`));
  },

  /** `make key ACCOUNT=<name>`: one step from nothing to a working key. */
  async key(db, args, print) {
    const { values } = parse(args, { account: { type: 'string' }, ...planOption, ...labelOption }, []);
    if (!values.account) throw new CliError('key needs --account <name>');
    const plan = checkPlan(values.plan);
    let account = await findAccountByName(db, values.account);
    if (account) {
      print(`using existing account ${account.name} (${account.id}, plan ${account.plan})`, 'note');
      if (plan && plan !== account.plan)
        print(`note: --plan ${plan} ignored; the account already exists with plan ${account.plan}`, 'note');
    } else {
      account = await createAccount(db, { name: newName('account', values.account), plan });
      await auditAccountCreated(db, print, account);
      print(`created account ${account.name} (${account.id}, plan ${account.plan})`, 'note');
    }
    const { key, record } = await createApiKey(db, { accountId: account.id, label: values.label });
    await auditCli(db, print, {
      ownerId: account.ownerId,
      action: 'api_key.created',
      targetId: record.id,
      targetLabel: keyAuditLabel(record),
    });
    print(`created key ${record.id}; it is shown only now:`, 'note');
    print(key);
  },
};

/** Split argv into the command (one or two words) and its arguments. */
export function resolveCommand(argv: string[]): { command: Command; args: string[] } | null {
  const [first, second] = argv;
  if (first && second && commands[`${first} ${second}`]) return { command: commands[`${first} ${second}`]!, args: argv.slice(2) };
  if (first === 'key') return { command: commands.key!, args: argv.slice(1) };
  return null;
}
