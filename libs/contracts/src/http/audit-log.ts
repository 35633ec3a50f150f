import { z } from 'zod';
import { queryInt } from './common.js';
import { csvLine } from './csv-write.js';

/*
 * GET /account/audit-log: who changed the workspace's access and delivery settings, and when
 * (docs/adr/0072-audit-log.md, docs/audit-log.md). Pressroom's own: the hosted service has no such endpoint.
 * services/gateway/src/routes/audit-log-routes.ts builds the answer with these types.
 */

export const AuditLogQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'cursor is the `nextCursor` of a previous page.')
    .optional()
    .describe("The previous page's `pagination.nextCursor`."),
  limit: queryInt({ min: 1, max: 100, default: 50 }),
  action: z
    .string()
    .regex(/^[a-z_]{1,40}(\.[a-z_]{1,40})?$/, 'action is an action (`api_key.created`) or a kind of action (`api_key`).')
    .optional()
    .describe(
      'Only events of this action (`api_key.revoked`), or of every action of this kind (`api_key`: created, rotated and ' +
        'revoked; `webhook`, `custom_storage`, `url_signing_secret`, `team`, `account`, `instance`).',
    ),
  actor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "actor is an event's `actor.accountId`.")
    .optional()
    .describe("Only events done by this account: an event's `actor.accountId` (`admin-cli` for the admin CLI)."),
  format: z
    .enum(['json', 'csv'], { message: 'format is json (a page, the default) or csv (the whole log as a file).' })
    .default('json')
    .describe(
      '`csv`: the whole log as one `text/csv` file (a download), newest first, columns `time,action,who,key,ip,note`; ' +
        '`limit` and `cursor` do not apply to it, `action` and `actor` do.',
    ),
});

/** Who did an event: their email when a person signs in as the account, else the account's name. */
export const AuditActorView = z
  .object({ accountId: z.string(), email: z.string().nullable(), name: z.string().nullable() })
  .describe('Who did it: their email when a person signs in as the account, else the account’s name.');

/** GET /account/audit-log/actors: everyone the workspace's log names, for choosing its `actor` filter. */
export const AuditActorList = z.object({
  actors: z.array(AuditActorView).describe('Each account that did something the log keeps, once, by name (or email), A to Z.'),
});
export type AuditActorList = z.infer<typeof AuditActorList>;

export const AuditEventView = z.object({
  id: z.string(),
  at: z.string().describe('When it was done, ISO 8601 date-time (UTC).'),
  action: z
    .string()
    .describe('`<thing>.<verb>`: `api_key.created`, `webhook.deleted`, `team.member_removed`, … (the list: docs/audit-log.md).'),
  actor: AuditActorView,
  target: z
    .object({ id: z.string().nullable(), label: z.string().nullable() })
    .describe('What it was done to, and a name a person recognises as it was then; null for the workspace itself.'),
  key: z
    .object({ id: z.string(), name: z.string().nullable(), masked: z.string() })
    .nullable()
    .describe('The API key the request came with; null: the dashboard.'),
  ip: z.string().nullable().describe('The caller’s address as the gateway saw it.'),
});
export type AuditEventView = z.infer<typeof AuditEventView>;

export const AuditLogPage = z.object({
  items: z.array(AuditEventView).describe('Newest first.'),
  pagination: z.object({ limit: z.number().int(), nextCursor: z.string().nullable(), hasMore: z.boolean() }),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** The CSV export's columns (GET /account/audit-log?format=csv): one line per event, newest first. */
export const AUDIT_CSV_HEADER = ['time', 'action', 'who', 'key', 'ip', 'note'] as const;

/**
 * An event as a CSV line under AUDIT_CSV_HEADER: the time in ISO 8601 (UTC), the action's API name, who by email (or
 * the account's name), the key by name and masked (empty: the dashboard session), the address, and what it was done to.
 */
export function auditCsvLine(event: AuditEventView): string {
  const key = event.key === null ? '' : event.key.name ? `${event.key.name} (${event.key.masked})` : event.key.masked;
  return csvLine([
    event.at,
    event.action,
    event.actor.email ?? event.actor.name ?? event.actor.accountId,
    key,
    event.ip,
    event.target.label ?? event.target.id,
  ]);
}
