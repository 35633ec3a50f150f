import { createTransport, type Transporter } from 'nodemailer';

export interface InviteMail {
  to: string;
  teamName: string;
  inviterEmail: string;
  url: string;
}

export interface InviteMailer {
  send(mail: InviteMail): Promise<void>;
}

/**
 * Invitation mail over SMTP (PRESSROOM_SMTP_URL, an operator's server, not a user-given
 * address, so it does not go through the SSRF guard). Null when SMTP is not configured:
 * invitations are then links to hand over by other means.
 */
export function createInviteMailer(smtp: { url: string; from: string } | null): InviteMailer | null {
  if (!smtp) return null;
  const transport: Transporter = createTransport(smtp.url);
  return {
    async send(mail) {
      await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: `You are invited to the team ${mail.teamName} on Pressroom`,
        text: `${mail.inviterEmail} invited you to the team "${mail.teamName}" on Pressroom.\n\nOpen this link to join:\n${mail.url}\n\nIf you did not expect this invitation, ignore this mail.`,
      });
    },
  };
}
