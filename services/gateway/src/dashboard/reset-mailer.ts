import type { MailTransport } from './mail-transport.js';

export interface PasswordResetMail {
  to: string;
  /** The link with the token; it appears in the mail and nowhere else (never logged). */
  url: string;
  expiresInMinutes: number;
}

export interface PasswordResetMailer {
  send(mail: PasswordResetMail): Promise<void>;
}

/**
 * Password-reset mail through the gateway's mail transport (mail-transport.ts), the one invitations use.
 * Null without one (SMTP not configured): the instance owner then resets passwords with
 * `admin-cli users set-password`, and the dashboard says so.
 */
export function createPasswordResetMailer(transport: MailTransport | null): PasswordResetMailer | null {
  if (!transport) return null;
  return {
    async send(mail) {
      await transport.send({
        to: mail.to,
        subject: 'Reset your Pressroom password',
        text:
          `Someone (hopefully you) asked to reset the password of the Pressroom account ${mail.to}.\n\n` +
          `Open this link to choose a new password. It works once, within ${mail.expiresInMinutes} minutes:\n${mail.url}\n\n` +
          'Setting a new password signs out every browser signed in to this account.\n' +
          'If you did not ask for this, ignore this mail: your password stays as it is.',
      });
    },
  };
}

/**
 * The dashboard's reset page with the token in the fragment: a browser never sends the fragment to a server,
 * so the token stays out of access logs, proxies and Referer headers.
 */
export function passwordResetUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/app/reset-password#${encodeURIComponent(token)}`;
}
