/**
 * Makes platform staff from the command line; nothing in the API can grant it.
 *
 *   npm run create-admin -- --email owner@example.com [--superadmin] [--password '...']
 *
 * Creates the account when the address has none, else promotes it. Without --password the
 * person signs in with an emailed code, or sets a password through "Forgot password".
 * With the embedded database and a server running on it, the server does the work.
 * The command itself is `create-admin-cli.ts`; this module is also imported by the server.
 */
import { parseArgs } from 'node:util';
import { Password } from '../../contracts/accounts';
import { Email } from '../../contracts/shared/text';
import { checkWith } from '../../contracts/shared/validation';
import type { Database } from '../db/database';
import { createPasswordHasher, type ScryptParams } from '../domain/accounts/passwords';
import { findOrCreateUserByEmail, grantStaff, setPasswordHash } from '../domain/accounts/users';
import type { AdminAnswer } from './admin-channel';

export const USAGE = 'Usage: npm run create-admin -- --email <address> [--superadmin] [--password <at least 8 characters>]';

type Output = { out: (line: string) => void; err: (line: string) => void };

/** Runs the command against an open database; returns the exit code. */
export async function createAdmin(argv: string[], database: Database, io: Output, scrypt?: ScryptParams): Promise<number> {
  let values: { email?: string; superadmin?: boolean; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, superadmin: { type: 'boolean' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (values.email === undefined) {
    io.err(`--email is required.\n${USAGE}`);
    return 2;
  }
  const email = checkWith(Email, values.email);
  if (!email.ok) {
    io.err(`--email: ${Object.values(email.fields).join(' ')}\n${USAGE}`);
    return 2;
  }
  const password = values.password === undefined ? undefined : checkWith(Password, values.password);
  if (password && !password.ok) {
    io.err(`--password: ${Object.values(password.fields).join(' ')}\n${USAGE}`);
    return 2;
  }
  const passwordHash = password?.ok ? await createPasswordHasher(scrypt).hash(password.value) : undefined;
  const superadmin = values.superadmin === true;
  const { user, created } = await database.db.transaction(async (tx) => {
    const found = await findOrCreateUserByEmail(tx, { email: email.value });
    if (passwordHash) await setPasswordHash(tx, found.user.id, passwordHash);
    return { user: await grantStaff(tx, found.user.id, { superadmin }), created: found.created };
  });
  const role = user.isSuperadmin ? 'superadmin' : 'staff';
  io.out(`${created ? 'Created' : 'Promoted'} ${user.email} (user ${user.id}) as platform ${role}.`);
  io.out(
    passwordHash
      ? 'They can sign in with that password.'
      : 'They sign in with a code emailed to that address, or set a password through "Forgot password" on the login screen.',
  );
  return 0;
}

/** The command as the running server performs it for `askAdminChannel`, its output collected. */
export function createAdminHandler(database: Database, scrypt?: ScryptParams): (argv: string[]) => Promise<AdminAnswer> {
  return async (argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await createAdmin(argv, database, { out: (line) => out.push(line), err: (line) => err.push(line) }, scrypt);
    return { code, out, err };
  };
}
