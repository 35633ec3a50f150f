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

/**
 * The Email field's hint: who may use the link, and whether Pressroom mails it (mails: the instance sends mail;
 * undefined while that is not known yet), so the person inviting knows before they press the button whether the
 * link reaches the invitee by itself or has to be handed over.
 */
export function emailHint(mails: boolean | undefined): string {
  const anyone = 'Without one you get a link anyone who has it can use.';
  if (mails === true) return `With an email, only that person can use the link, and it is mailed to them. ${anyone}`;
  if (mails === false)
    return `With an email, only that person can use the link. This Pressroom sends no mail: copy the link you get and send it to them yourself. ${anyone}`;
  return `With an email, only that person can use the link. ${anyone}`;
}

/**
 * What the page announces once an invitation is made (the link itself is listed under the form). An invitation with
 * an email that was not mailed says so: on an instance without mail (mails false) the link has to be sent by hand;
 * on one with mail, sending failed.
 */
export function issuedInvitationNews(invite: Invite, options: { mails?: boolean | undefined; now?: number } = {}): string {
  const valid = `valid ${validFor(invite.expiresAt, options.now ?? Date.now())}`;
  if (invite.emailed) return `Invitation emailed to ${invite.email} (${invite.role}), ${valid}.`;
  if (invite.email && options.mails === false)
    return `Invitation made for ${invite.email} (${invite.role}), ${valid}. This Pressroom sends no mail: copy the link below and send it to them yourself.`;
  if (invite.email && options.mails === true)
    return `Invitation made for ${invite.email} (${invite.role}), ${valid}, but the mail could not be sent: copy the link below and send it to them yourself.`;
  return `Invitation made for ${inviteeWords(invite)} (${invite.role}), ${valid}: its link is below, ready to copy.`;
}
