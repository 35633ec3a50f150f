import { startSmtpServer, type TestSmtpServer } from '@pressroom/testing/smtp-server';
import { createInviteMailer } from './invite-mailer.js';
import { createMailTransport } from './mail-transport.js';
import { createPasswordResetMailer } from './reset-mailer.js';

describe('the gateway mail transport', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('is absent without SMTP, and so are the mailers built on it', () => {
    expect(createMailTransport(null)).toBeNull();
    expect(createInviteMailer(null)).toBeNull();
    expect(createPasswordResetMailer(null)).toBeNull();
  });

  it('carries both mailers over one SMTP server, each mail from the configured sender', async () => {
    const transport = createMailTransport({ url: smtp.url, from: 'Pressroom <pressroom@test.local>' });
    await createInviteMailer(transport)!.send({
      to: 'carol@agency.test',
      teamName: 'Northwind Agency',
      inviter: { name: 'Ada Admin', email: 'ada@agency.test' },
      role: 'member',
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      url: 'https://pressroom.example/app/invite/tok',
    });
    await createPasswordResetMailer(transport)!.send({
      to: 'dan@agency.test',
      url: 'https://pressroom.example/app/reset-password#tok',
      expiresInMinutes: 60,
    });
    expect(smtp.mails.map((mail) => mail.to)).toEqual([['carol@agency.test'], ['dan@agency.test']]);
    for (const mail of smtp.mails) expect(mail.raw).toMatch(/^From: Pressroom <pressroom@test\.local>\r?$/m);
    expect(smtp.mails[0]!.raw).toMatch(/^Subject: You are invited to the team Northwind Agency on Pressroom\r?$/m);
    expect(smtp.mails[1]!.raw).toMatch(/^Subject: Reset your Pressroom password\r?$/m);
  });
});
