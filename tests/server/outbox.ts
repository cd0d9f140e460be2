import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The sign-in code of the newest mail to `to` that a server without SMTP_URL wrote to
 * `<dataDir>/outbox/` (names start with the time they were written: the last is the newest).
 */
export async function codeMailedTo(dataDir: string, to: string): Promise<string> {
  const folder = join(dataDir, 'outbox');
  for (const name of (await readdir(folder)).sort().reverse()) {
    const mail = await readFile(join(folder, name), 'utf8');
    const addressed = mail.split(/\r?\n/).some((line) => /^to:/i.test(line) && line.toLowerCase().includes(to.toLowerCase()));
    const code = /^Subject: (\d{6}) /m.exec(mail)?.[1];
    if (addressed && code) return code;
  }
  throw new Error(`no code mailed to ${to} in ${folder}`);
}
