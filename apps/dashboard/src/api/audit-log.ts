import type { AuditLogPage } from '@pressroom/contracts';
import { api } from './client';

export type { AuditEventView, AuditLogPage } from '@pressroom/contracts';

export const auditLogKeys = { all: ['audit-log'] as const };
export const listAuditEvents = (cursor: string | undefined) => api<AuditLogPage>('/account/audit-log', { query: { limit: 50, cursor } });
