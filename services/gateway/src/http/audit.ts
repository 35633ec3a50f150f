import type { Request, RequestHandler, Response } from 'express';
import { recordAuditEvent, type AuditAction, type Db } from '@pressroom/db';
import type { Logger } from '@pressroom/telemetry';
import type { AuthContext } from './auth.js';

type Recorder = (req: Request, event: AuditNote & { action: AuditAction; actor: AuditActor }) => Promise<void>;

interface AuditActor {
  ownerId: string;
  accountId: string;
  keyId: string | null;
}

export interface AuditNote {
  targetId?: string | null | undefined;
  /** A name a person recognises (a key's name, a webhook's address, an email); never a secret. */
  targetLabel?: string | null | undefined;
  /** Who did it, where the request has no signed-in caller yet (a sign-in, a password reset). */
  actor?: AuditActor | undefined;
  /** The workspace it concerns when not the caller's current one (a team's members and invitations). */
  ownerId?: string | undefined;
}

const RECORDER = 'auditRecorder';

/**
 * Puts the audit log's writer where `audit()` finds it, so routes record an event with one call and no new
 * dependency (docs/adr/0072-audit-log.md).
 */
export function auditContext(deps: { db: Db; logger: Logger }): RequestHandler {
  const record: Recorder = async (req, event) => {
    try {
      await recordAuditEvent(deps.db, {
        ownerId: event.ownerId ?? event.actor.ownerId,
        accountId: event.actor.accountId,
        keyId: event.actor.keyId,
        action: event.action,
        targetId: event.targetId,
        targetLabel: event.targetLabel,
        ip: req.ip ?? null,
      });
    } catch (error) {
      // The change itself is made: the caller gets its answer, and the missing line is in the operator's log.
      deps.logger.error({ err: error, action: event.action }, 'audit event not recorded');
    }
  };
  return (_req, res, next) => {
    res.locals[RECORDER] = record;
    next();
  };
}

/**
 * Records that the caller did `action`, once it is done and before it is answered: when the caller sees the
 * change succeed, the audit log already shows it. A failed write is logged, never the caller's error.
 */
export async function audit(req: Request, res: Response, action: AuditAction, note: AuditNote = {}): Promise<void> {
  const record = res.locals[RECORDER] as Recorder | undefined;
  const auth = res.locals.auth as AuthContext | undefined;
  const actor = note.actor ?? (auth ? { ownerId: auth.ownerId, accountId: auth.account.id, keyId: auth.keyId } : undefined);
  if (!record || !actor) return;
  await record(req, { ...note, action, actor });
}
