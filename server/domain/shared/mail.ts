import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A line the outbox mailer logs at info level (the code), so a person trying the app
   * without a mail server can sign in from the log. Never sent, never logged over SMTP.
   */
  logLine?: string;
};

/** Where outgoing mail goes. Routes get one through AppContext; tests pass their own. */
export type Mailer = { send(message: MailMessage): Promise<void> };

type Log = { info(details: object, message: string): void };

/** SMTP through nodemailer when `smtpUrl` is set, else `.eml` files in `<dataDir>/outbox/`. */
export function createMailer(options: { smtpUrl: string | undefined; mailFrom: string; dataDir: string }, log: Log): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom) : outboxMailer(join(options.dataDir, 'outbox'), options.mailFrom, log);
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
}

/**
 * Builds the same RFC 822 message SMTP would carry (nodemailer's stream transport) and writes
 * it as `<time>-<random>.eml`, which any mail client opens.
 */
export function outboxMailer(folder: string, from: string, log: Log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, logLine }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to, subject, file }, logLine ?? 'mail written to the outbox');
    },
  };
}
