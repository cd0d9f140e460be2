/**
 * A real SMTP receiver for tests: 127.0.0.1, a free port, no auth, no TLS. It keeps every
 * message it accepts.
 *
 *   const smtp = await startSmtpCapture();
 *   // start the server with SMTP_URL = smtp.url
 *   const message = await smtp.waitForMessage('owner@example.com');
 *   const code = codeFrom(message);          // the 6-digit code of a Tablefront code email
 *   await smtp.close();
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMessage = {
  from: string;
  to: string[];
  /** The Subject header as sent. */
  subject: string;
  /** The whole RFC 822 message as received (headers and MIME body). */
  raw: string;
};

export type SmtpCapture = {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  messages: CapturedMessage[];
  /** The first message to `to` received after the first `after` messages (default 0), waiting up to `timeoutMs`. */
  waitForMessage(to: string, options?: { timeoutMs?: number; after?: number }): Promise<CapturedMessage>;
  close(): Promise<void>;
};

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

/** The code of a Tablefront code email: the subject starts with it ("123456 is your …"). */
export function codeFrom(message: CapturedMessage): string {
  const match = /^(\d{6})\b/.exec(message.subject);
  if (!match?.[1]) throw new Error(`no code in the subject "${message.subject}"`);
  return match[1];
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMessage[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: header(raw, 'Subject'),
          raw,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const waitForMessage: SmtpCapture['waitForMessage'] = (to, options = {}) => {
    const wanted = to.toLowerCase();
    const find = () => messages.slice(options.after ?? 0).find((message) => message.to.includes(wanted));
    return new Promise((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no mail to ${to} within ${options.timeoutMs ?? 10_000} ms`));
      }, options.timeoutMs ?? 10_000);
      const check = () => {
        const message = find();
        if (!message) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(message);
      };
      waiters.add(check);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
