import type { AuditLogPage } from '@pressroom/contracts';
import { api, apiUrl } from './client';

export type { AuditEventView, AuditLogPage } from '@pressroom/contracts';

export const auditLogKeys = { all: ['audit-log'] as const };
export const listAuditEvents = (cursor: string | undefined) => api<AuditLogPage>('/account/audit-log', { query: { limit: 50, cursor } });
/** The whole log as a CSV file, newest first; the answer names the file (docs/audit-log.md). */
export const auditLogCsvUrl = apiUrl('/account/audit-log', { format: 'csv' });
