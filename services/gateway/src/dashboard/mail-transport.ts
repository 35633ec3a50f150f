import { createTransport, type Transporter } from 'nodemailer';

/** A mail as the dashboard's mailers compose it; the sender is the transport's. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** The gateway's one way out to SMTP: every mailer (invitations, password resets) sends through it. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * The SMTP transport built once from the configuration (PRESSROOM_SMTP_URL, PRESSROOM_SMTP_FROM): an
 * operator's server, not a user-given address, so it does not go through the SSRF guard. Null when SMTP
 * is not configured: then no mailer exists, and each feature says how it works without mail.
 */
export function createMailTransport(smtp: { url: string; from: string } | null): MailTransport | null {
  if (!smtp) return null;
  const transport: Transporter = createTransport(smtp.url);
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
  };
}
