import { emailHint, issuedInvitationNews, issuedInvitationText, validFor } from '../src/pages/teams/invitation-words.js';
import { membershipLost, seenMembershipOf } from '../src/pages/teams/membership-memory.js';
import { OWNER_POWERS, roleChangeConfirmation } from '../src/pages/teams/roles.js';

const now = Date.parse('2026-05-05T10:20:00Z');
const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();

test('validFor reads the instance TTL off the expiry, in the largest unit it fills', () => {
  expect(validFor(inDays(7), now)).toBe('7 days');
  expect(validFor(inDays(1), now)).toBe('1 day');
  expect(validFor(inDays(0.5), now)).toBe('12 hours');
  expect(validFor(new Date(now + 5 * 60_000).toISOString(), now)).toBe('5 minutes');
  expect(validFor(new Date(now - 1).toISOString(), now)).toBe('less than a minute');
});

test('an invitation just made says whose link it is, the role and how long it works', () => {
  const link = { email: 'carol@agency.test', role: 'admin' as const, emailed: false, expiresAt: inDays(7) };
  expect(issuedInvitationText(link, now)).toBe('Invitation link for carol@agency.test (admin), valid 7 days:');
  expect(issuedInvitationNews(link, { now })).toBe(
    'Invitation made for carol@agency.test (admin), valid 7 days: its link is below, ready to copy.',
  );
  // Not mailed: on an instance without mail the link goes by hand; with mail, sending failed.
  expect(issuedInvitationNews(link, { now, mails: false })).toBe(
    'Invitation made for carol@agency.test (admin), valid 7 days. This Pressroom sends no mail: copy the link below and send it to them yourself.',
  );
  expect(issuedInvitationNews(link, { now, mails: true })).toBe(
    'Invitation made for carol@agency.test (admin), valid 7 days, but the mail could not be sent: copy the link below and send it to them yourself.',
  );
  const open = { ...link, email: null, role: 'member' as const };
  expect(issuedInvitationNews(open, { now, mails: false })).toBe(
    'Invitation made for anyone who has it (member), valid 7 days: its link is below, ready to copy.',
  );
  expect(issuedInvitationText(open, now)).toBe('Invitation link for anyone who has it (member), valid 7 days:');
  const mailed = { ...link, emailed: true };
  expect(issuedInvitationText(mailed, now)).toBe(
    'Invitation emailed to carol@agency.test (admin), valid 7 days. The same link, in case the mail does not arrive:',
  );
  expect(issuedInvitationNews(mailed, { now, mails: true })).toBe('Invitation emailed to carol@agency.test (admin), valid 7 days.');
});

test("the Email field's hint says whether this Pressroom mails the link", () => {
  expect(emailHint(true)).toBe(
    'With an email, only that person can use the link, and it is mailed to them. Without one you get a link anyone who has it can use.',
  );
  expect(emailHint(false)).toMatch(/^With an email, only that person can use the link\. This Pressroom sends no mail: copy the link/);
  expect(emailHint(undefined)).toBe(
    'With an email, only that person can use the link. Without one you get a link anyone who has it can use.',
  );
});

test('granting owner, demoting another owner and stepping down ask first; other role changes apply at once', () => {
  const bob = { name: 'Bob', email: 'bob@agency.test', role: 'member' as const };
  expect(roleChangeConfirmation({ teamName: 'Northwind', member: bob, self: false, to: 'admin' })).toBeNull();
  expect(roleChangeConfirmation({ teamName: 'Northwind', member: bob, self: false, to: 'owner' })).toEqual({
    title: 'Make Bob an owner of Northwind?',
    description: OWNER_POWERS,
    action: 'Make owner',
  });
  const ada = { name: null, email: 'ada@agency.test', role: 'owner' as const };
  expect(roleChangeConfirmation({ teamName: 'Northwind', member: ada, self: false, to: 'admin' })).toEqual({
    title: 'Make ada@agency.test an admin of Northwind?',
    description:
      'ada@agency.test will no longer be an owner of Northwind. As an admin they can still invite people and manage members and admins, but not owners. Only an owner can make them an owner again.',
    action: 'Make admin',
  });
  expect(roleChangeConfirmation({ teamName: 'Northwind', member: ada, self: false, to: 'member' })?.action).toBe('Make member');
  const stepDown = roleChangeConfirmation({ teamName: 'Northwind', member: ada, self: true, to: 'admin' });
  expect(stepDown?.title).toBe('Step down to admin in Northwind?');
  expect(stepDown?.description).toMatch(
    /^You will no longer be an owner of Northwind\. .* Only another owner can make you an owner again\.$/,
  );
  const adminDown = roleChangeConfirmation({ teamName: 'Northwind', member: { ...ada, role: 'admin' }, self: true, to: 'member' });
  expect(adminDown?.description).toMatch(/^You will no longer be an admin of Northwind\. As a member you can no longer invite/);
});

test('a team gone from the session since this browser last saw it is a removal; the first visit is not', () => {
  const team = (id: string, name: string) => ({ id, kind: 'team' as const, name, role: 'member' as const });
  const personal = { id: 'acc_me', kind: 'personal' as const, name: 'me@example.com', role: 'owner' as const };
  const before = seenMembershipOf({ workspaces: [personal, team('t1', 'Newsroom'), team('t2', 'Desk')], workspaceId: 't1' });
  expect(membershipLost(null, before)).toBeNull();
  expect(membershipLost(before, before)).toBeNull();
  const after = seenMembershipOf({ workspaces: [personal, team('t2', 'Desk')], workspaceId: 'acc_me' });
  expect(membershipLost(before, after)).toEqual({ names: ['Newsroom'], movedOut: true });
  const elsewhere = seenMembershipOf({ workspaces: [personal, team('t1', 'Newsroom')], workspaceId: 't1' });
  expect(membershipLost(before, elsewhere)).toEqual({ names: ['Desk'], movedOut: false });
  // A team joined since is no news here (the Teams page says "You joined").
  expect(membershipLost(after, before)).toBeNull();
});
