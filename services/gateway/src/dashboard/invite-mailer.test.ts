import { invitationMail } from './invite-mailer.js';

describe('invitation mail', () => {
  const now = new Date('2026-05-05T10:20:00Z');
  const base = {
    to: 'carol@agency.test',
    teamName: 'Northwind Agency',
    role: 'admin' as const,
    expiresAt: new Date('2026-05-12T10:20:00Z'),
    url: 'https://pressroom.example/app/invite/tok',
  };

  it('names the inviter (with the address), the team, the role and how long the single-use link works', () => {
    const mail = invitationMail({ ...base, inviter: { name: 'Ada Admin', email: 'ada@agency.test' } }, now);
    expect(mail.subject).toBe('You are invited to the team Northwind Agency on Pressroom');
    expect(mail.text).toBe(
      'Ada Admin (ada@agency.test) invited you to join the team "Northwind Agency" on Pressroom as an admin.\n\n' +
        'Open this link to join. It works once, for 7 days (until 2026-05-12 10:20 UTC):\nhttps://pressroom.example/app/invite/tok\n\n' +
        'If you did not expect this invitation, ignore this mail.',
    );
  });

  it('falls back to the email without a name, says "a member", and counts hours under a day', () => {
    const mail = invitationMail(
      { ...base, role: 'member', inviter: { name: null, email: 'ada@agency.test' }, expiresAt: new Date('2026-05-05T22:20:00Z') },
      now,
    );
    expect(mail.text).toMatch(/^ada@agency\.test invited you to join the team "Northwind Agency" on Pressroom as a member\./);
    expect(mail.text).toContain('It works once, for 12 hours (until 2026-05-05 22:20 UTC):');
  });
});
