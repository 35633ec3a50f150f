import { plural } from '@pressroom/contracts/plural';
import type { MailTransport } from './mail-transport.js';

export interface InviteMail {
  to: string;
  teamName: string;
  /** Who invites: named by their name, else their email. */
  inviter: { name: string | null; email: string };
  role: 'owner' | 'admin' | 'member';
  expiresAt: Date;
  url: string;
}

export interface InviteMailer {
  send(mail: InviteMail): Promise<void>;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** How long the link works, in the largest whole unit (PRESSROOM_INVITE_TTL is 7 days unless the operator changes it). */
function validFor(expiresAt: Date, now: Date): string {
  const left = Math.max(0, expiresAt.getTime() - now.getTime());
  const [count, unit] = left >= DAY_MS ? [Math.round(left / DAY_MS), 'day'] : [Math.max(1, Math.round(left / HOUR_MS)), 'hour'];
  return plural(count, unit);
}

/** "2026-05-12 10:20 UTC": the mail is read in any time zone, and the server knows none of the reader's. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The mail's subject and text: who invites (name, with the email so the reader can tell who it is), to which team,
 * as what, and until when the single-use link works.
 */
export function invitationMail(mail: InviteMail, now = new Date()): { subject: string; text: string } {
  const inviter = mail.inviter.name ? `${mail.inviter.name} (${mail.inviter.email})` : mail.inviter.email;
  const article = mail.role === 'member' ? 'a' : 'an';
  return {
    subject: `You are invited to the team ${mail.teamName} on Pressroom`,
    text:
      `${inviter} invited you to join the team "${mail.teamName}" on Pressroom as ${article} ${mail.role}.\n\n` +
      `Open this link to join. It works once, for ${validFor(mail.expiresAt, now)} (until ${utcMinute(mail.expiresAt)}):\n${mail.url}\n\n` +
      'If you did not expect this invitation, ignore this mail.',
  };
}

/**
 * Invitation mail through the gateway's mail transport (mail-transport.ts). Null without one (SMTP not
 * configured): invitations are then links to hand over by other means.
 */
export function createInviteMailer(transport: MailTransport | null): InviteMailer | null {
  if (!transport) return null;
  return {
    async send(mail) {
      await transport.send({ to: mail.to, ...invitationMail(mail) });
    },
  };
}
