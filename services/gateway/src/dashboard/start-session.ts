import type { Request, Response } from 'express';
import { createSession, type Db, type User } from '@pressroom/db';
import { isHttps, setSessionCookies } from '../http/cookies.js';

/** A new session in the user's personal workspace, with its cookies. */
export async function startSession(
  req: Request,
  res: Response,
  input: { db: Db; user: User; ttlMs: number; publicBaseUrl: string },
): Promise<void> {
  const issued = await createSession(input.db, { userId: input.user.id, accountId: input.user.personalAccountId, ttlMs: input.ttlMs });
  setSessionCookies(res, { ...issued, secure: isHttps(req, input.publicBaseUrl) });
}
