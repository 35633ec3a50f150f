import { plural } from '../../kit/plural.js';

/** What these words need of an invitation just made (api/teams.ts Invite; structural, so node tests load this file). */
interface Invite {
  email: string | null;
  role: string;
  emailed: boolean;
  expiresAt: string;
}

const UNITS: [ms: number, one: string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

/**
 * How long an invitation made now stays valid, in the largest unit it fills ("7 days", "12 hours"): the instance
 * sets it (PRESSROOM_INVITE_TTL), so the page reads it off the answer's expiry rather than assuming 7 days.
 */
export function validFor(expiresAt: string, now = Date.now()): string {
  const left = Math.max(0, Date.parse(expiresAt) - now);
  for (const [ms, one] of UNITS) {
    if (left < ms) continue;
    // Rounded: a 7-day link read a moment after it was made is still "7 days".
    const count = Math.round(left / ms);
    return plural(count, one);
  }
  return 'less than a minute';
}

/** Who may use an invitation's link, in words: the invited email, or anyone holding it. */
export function inviteeWords(invite: Pick<Invite, 'email'>): string {
  return invite.email ?? 'anyone who has it';
}

/**
 * The line above a link just made: whose it is, with which role, how long it works, and, for an emailed one, that
 * the mail went out (the link is still shown, for when it does not arrive).
 */
export function issuedInvitationText(invite: Invite, now = Date.now()): string {
  const valid = `valid ${validFor(invite.expiresAt, now)}`;
  if (invite.emailed)
    return `Invitation emailed to ${invite.email} (${invite.role}), ${valid}. The same link, in case the mail does not arrive:`;
  return `Invitation link for ${inviteeWords(invite)} (${invite.role}), ${valid}:`;
}

/** What the page announces once an invitation is made (the link itself is listed under the form). */
export function issuedInvitationNews(invite: Invite, now = Date.now()): string {
  const valid = `valid ${validFor(invite.expiresAt, now)}`;
  if (invite.emailed) return `Invitation emailed to ${invite.email} (${invite.role}), ${valid}.`;
  return `Invitation made for ${inviteeWords(invite)} (${invite.role}), ${valid}: its link is below, ready to copy.`;
}
