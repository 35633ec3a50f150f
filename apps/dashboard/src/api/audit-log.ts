import type { AuditActorList, AuditLogPage } from '@pressroom/contracts';
import { api, apiUrl } from './client';

export type { AuditEventView, AuditLogPage } from '@pressroom/contracts';

/** Which events to list: a kind of action (`api_key`) and who did it (an event's `actor.accountId`); '' keeps all. */
export interface AuditLogFilter {
  action: string;
  actor: string;
}

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (filter: AuditLogFilter) => ['audit-log', filter] as const,
  actors: ['audit-log', 'actors'] as const,
};
export const listAuditEvents = (cursor: string | undefined, filter: AuditLogFilter) =>
  api<AuditLogPage>('/account/audit-log', { query: { limit: 50, cursor, action: filter.action, actor: filter.actor } });
/** The whole log (the filtered events, with a filter) as a CSV file, newest first; the answer names the file (docs/audit-log.md). */
export const auditLogCsvUrl = (filter: AuditLogFilter) =>
  apiUrl('/account/audit-log', { format: 'csv', action: filter.action, actor: filter.actor });
/** Everyone the log names, once each: the Who filter's choices. */
export const listAuditActors = async () => (await api<AuditActorList>('/account/audit-log/actors')).actors;
