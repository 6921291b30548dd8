import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  from: string;
  raw: string;
  receivedAt: Date;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: CapturedMail[];
  /** Waits for a mail to `to` whose raw text matches; resolves it. */
  waitFor(to: string, match?: RegExp, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A local SMTP server that keeps every message (tests never reach a real mail server). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          receivedAt: new Date(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    async waitFor(to, match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find((m) => m.to.includes(to.toLowerCase()) && (!match || match.test(m.raw)));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`No mail to ${to} matching ${String(match)} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Soft line breaks and =XX escapes, so tests can read links from the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in a mail whose path starts with `pathname` (e.g. '/verify-email'). */
export function linkFrom(mail: CapturedMail, pathname: string): string {
  const re = new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[/-]/g, (c) => `\\${c}`)}\\?token=[A-Za-z0-9_-]+`);
  const m = re.exec(mail.raw);
  if (!m) throw new Error(`No ${pathname} link in mail:\n${mail.raw.slice(0, 2000)}`);
  return m[0];
}
