import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message (headers and body) as it arrived. */
  raw: string;
}

export interface TestSmtpServer {
  /** For PRESSROOM_SMTP_URL (plain SMTP, no authentication). */
  url: string;
  mails: ReceivedMail[];
  /** The links in a received message, quoted-printable soft line breaks undone. */
  linksIn(mail: ReceivedMail): string[];
  close(): Promise<void>;
}

/** A real SMTP server on an ephemeral port that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    linksIn: (mail) => [...new Set(mail.raw.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s"'<>]+/g) ?? [])],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
