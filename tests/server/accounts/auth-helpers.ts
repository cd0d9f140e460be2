import type { Database } from '#server/db/database';
import type { AccountDeps, AccountLog } from '#server/domain/accounts/account-deps';
import { createPasswordHasher } from '#server/domain/accounts/passwords';
import type { MailMessage, Mailer } from '#server/domain/shared/mail';
import { deriveKeys } from '#server/domain/shared/keys';
import { signAccessToken } from '#server/domain/accounts/sessions';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { HttpError } from '#server/http-error';
import { testAppForFile, testConfig, type TestApp } from '../test-app';
import { TEST_SCRYPT } from '../../support/test-scrypt';

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

export type AuthClient = ReturnType<typeof client>;

/**
 * The app a file of sign-in tests shares, started before its tests and closed after them
 * (testAppForFile): `mailer` keeps the codes it sends, `clock` is moved by hand, and each address
 * may make `authLimitPerMinute` auth calls (the files make many from one).
 */
export function authAppForFile(mailer: Mailer, clock: { now: () => Date }, authLimitPerMinute = 1000): { t: TestApp; api: AuthClient } {
  const t = testAppForFile({ mailer, clock: clock.now, config: { authLimitPerMinute } });
  return { t, api: client(t) };
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
export async function accessTokenFor(t: TestApp, email: string, options: { staff?: boolean; clock?: () => Date } = {}): Promise<string> {
  const config = testConfig();
  const { user } = await findOrCreateUserByEmail(t.database.db, { email });
  if (options.staff) await grantStaff(t.database.db, user.id, { superadmin: false });
  const keys = deriveKeys(config.secretKey ?? '');
  return signAccessToken(user.id, user.sessionEpoch, {
    accessKey: keys.accessToken,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlDays: config.refreshTokenTtlDays,
    clock: options.clock ?? (() => new Date()),
  });
}

/** A logger that keeps what the domain reports, for tests about what operators are told. */
export function memoryLog(): AccountLog & { entries: { level: 'info' | 'warn' | 'error'; message: string; details?: object }[] } {
  const entries: { level: 'info' | 'warn' | 'error'; message: string; details?: object }[] = [];
  return {
    entries,
    info: (details, message) => entries.push({ level: 'info', message, details }),
    warn: (message) => entries.push({ level: 'warn', message }),
    error: (details, message) => entries.push({ level: 'error', message, details }),
  };
}

/**
 * What the accounts routes hand the domain, on `database` and the test config's keys, with a
 * cheap scrypt cost; `overrides` swap single parts (mailer, clock, background).
 */
export function accountDeps(database: Database, overrides: Partial<AccountDeps> = {}): AccountDeps {
  const config = testConfig();
  const keys = deriveKeys(config.secretKey ?? '');
  const clock = overrides.clock ?? (() => new Date());
  return {
    db: database.db,
    mailer: memoryMailer(),
    codeKey: keys.codeHash,
    clock,
    publicUrl: config.publicUrl,
    passwords: createPasswordHasher(TEST_SCRYPT),
    sessions: { accessKey: keys.accessToken, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlDays: config.refreshTokenTtlDays, clock },
    background: () => undefined,
    ...overrides,
  };
}

/** The HttpError `promise` is refused with (any other outcome fails the test). */
export async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}
