import type { MailMessage, Mailer } from '../../../server/domain/shared/mail';
import { deriveKeys } from '../../../server/domain/shared/keys';
import { signAccessToken } from '../../../server/domain/accounts/sessions';
import { findOrCreateUserByEmail, grantStaff } from '../../../server/domain/accounts/users';
import { testConfig, type TestApp } from '../test-app';

/** A mailer that keeps what it is given. */
export function memoryMailer(): Mailer & { sent: MailMessage[]; codeFor(to: string): string } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    /** The code of the newest message to `to` (the subject starts with it). */
    codeFor(to) {
      const message = [...sent].reverse().find((m) => m.to === to);
      const code = message && /^(\d{6}) /.exec(message.subject)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
  };
}

export const API = '/api/v2';

export function client(t: TestApp) {
  const post = (path: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url: `${API}${path}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const get = (path: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `${API}${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { post, get };
}

/** A clock tests move by hand. */
export function manualClock(start = '2026-11-22T10:00:00Z') {
  let now = new Date(start);
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/**
 * An access token for `email` (created when new; platform staff when `staff`), signed with the
 * test config's key exactly as the server signs its own, for tests about what a role may do.
 */
export async function accessTokenFor(
  t: TestApp,
  email: string,
  options: { staff?: boolean; clock?: () => Date } = {},
): Promise<string> {
  const config = testConfig();
  const { user } = await findOrCreateUserByEmail(t.database.db, { email });
  if (options.staff) await grantStaff(t.database.db, user.id, { superadmin: false });
  const keys = deriveKeys(config.secretKey ?? '');
  return signAccessToken(user.id, {
    accessKey: keys.accessToken,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlDays: config.refreshTokenTtlDays,
    clock: options.clock ?? (() => new Date()),
  });
}
