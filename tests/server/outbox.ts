import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The sign-in and reset codes mailed to `to` that a server without SMTP_URL wrote to
 * `<dataDir>/outbox/`, oldest first (names start with the time they were written). None yet: [].
 */
export async function codesMailedTo(dataDir: string, to: string): Promise<string[]> {
  return (await mailsTo(dataDir, to)).flatMap((mail) => /^Subject: (\d{6}) /m.exec(mail)?.[1] ?? []);
}

/** Every mail the server wrote to `to`, oldest first, as written (headers and parts). */
export async function mailsTo(dataDir: string, to: string): Promise<string[]> {
  const folder = join(dataDir, 'outbox');
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const mails: string[] = [];
  for (const name of names.sort()) {
    const mail = await readFile(join(folder, name), 'utf8');
    if (mail.split(/\r?\n/).some((line) => /^to:/i.test(line) && line.toLowerCase().includes(to.toLowerCase()))) mails.push(mail);
  }
  return mails;
}

/** The code of the newest mail to `to` in the outbox; throws when there is none. */
export async function codeMailedTo(dataDir: string, to: string): Promise<string> {
  const code = (await codesMailedTo(dataDir, to)).at(-1);
  if (code === undefined) throw new Error(`no code mailed to ${to} in ${join(dataDir, 'outbox')}`);
  return code;
}
