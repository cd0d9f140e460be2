/**
 * The real server's side of the accounts paths in Chromium (issue 17, item 6). Nothing here
 * answers the browser: these arrange what the server holds (an account, the age of a code)
 * before a held request is let through unchanged, and read back what it stored (codes, mail in
 * its outbox, sessions), so every answer the page gets is the server's own.
 */
import type { Locator, Page, Request, Route } from 'playwright-core';
import { expect, vi } from 'vitest';
import { API_BASE, paths } from '#contracts/shared/paths';
import { createPasswordHasher } from '#server/domain/accounts/passwords';
import { findOrCreateUserByEmail, updateProfile } from '#server/domain/accounts/users';
import { codesMailedTo } from '../server/outbox';
import { TEST_SCRYPT } from '../support/test-scrypt';
import type { RunningApp } from './harness';

/** Every path sends many accounts calls from one address: the per-minute budgets are lifted (static files never count). */
export const UNLIMITED = { authLimitPerMinute: 10_000, rateLimitPerMinute: 100_000 } as const;

// A cheap cost for the accounts the tests make themselves; the server reads the cost from each hash.
const hasher = createPasswordHasher(TEST_SCRYPT);

let addresses = 0;
/** A fresh address for one path, so that no path sees another's codes, mail or account. */
export function newAddress(label: string): string {
  addresses += 1;
  return `${label}.${addresses}.${Date.now()}@example.com`;
}

export const eventually = (check: () => Promise<void>, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 50 });

/** Waits (bounded) until the page has sent one request to `routes` and it is held there. */
export async function nextHeld(routes: Route[]): Promise<Route> {
  await eventually(async () => expect(routes).toHaveLength(1));
  return routes.shift()!;
}

/** Lets a held request through to the server unchanged and waits for the server's answer. */
export async function letThrough(route: Route): Promise<{ status: number; body: Record<string, unknown> }> {
  const request: Request = route.request();
  await route.continue();
  const response = await request.response();
  if (!response) throw new Error(`${request.method()} ${request.url()} got no answer`);
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/**
 * Lets the held call through once the server holds what `arrange` sets up; the server must answer
 * `status`. `noted` runs last before the call goes: a walk notes there what the server held as
 * the call came, for the state after it to compare with.
 */
export async function answerHeld(
  routes: Route[],
  status: number,
  arrange: () => Promise<unknown> = async () => {},
  noted: () => Promise<unknown> = async () => {},
): Promise<Record<string, unknown>> {
  const route = await nextHeld(routes);
  await arrange();
  await noted();
  const answered = await letThrough(route);
  expect(answered.status).toBe(status);
  return answered.body;
}

/** A call to the server's API from the test (not from the page). */
export async function callApi(
  app: RunningApp,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${app.url}${API_BASE}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An account as the server keeps one: names, and a password unless `password` is null (codes only). */
export async function makeAccount(app: RunningApp, email: string, password: string | null): Promise<void> {
  const { user } = await findOrCreateUserByEmail(app.database.db, { email, firstName: 'Ada', lastName: 'Lovelace' });
  if (password !== null) await updateProfile(app.database.db, user.id, { firstName: 'Ada', lastName: 'Lovelace', passwordHash: await hasher.hash(password) });
}

/** The account's password, set as another tab or device would have set it. */
export async function setPassword(app: RunningApp, email: string, password: string): Promise<void> {
  const rows = await app.query('update users set password_hash = $2 where email = $1 returning id', [email, await hasher.hash(password)]);
  expect(rows).toHaveLength(1);
}

export type StoredCode = { purpose: string; consumed: boolean; failed_attempts: number };

/** The codes the server issued to `email`, oldest first. */
export async function codesIssuedTo(app: RunningApp, email: string): Promise<StoredCode[]> {
  return (await app.query(
    'select purpose::text as purpose, consumed_at is not null as consumed, failed_attempts from one_time_codes where email = $1 order by created_at, id',
    [email],
  )) as StoredCode[];
}

/** The codes a new one leaves: the earlier ones of its purpose void (the server keeps only the newest working), then it, unused. */
export function withOneMoreCode(before: StoredCode[], purpose: 'sign_in' | 'password_reset'): StoredCode[] {
  return [...before.map((code) => (code.purpose === purpose ? { ...code, consumed: true } : code)), { purpose, consumed: false, failed_attempts: 0 }];
}

/**
 * Moves every code of `email` a minute back in time: what the server sees once the 60-second
 * resend lock is over (the page's clock is run past its countdown; the server's is not).
 */
export async function lockOver(app: RunningApp, email: string): Promise<void> {
  await app.query("update one_time_codes set created_at = created_at - interval '61 seconds' where email = $1", [email]);
}

/** The code's ten minutes are over: every unused code of `email` expired a second ago. */
export async function codesExpire(app: RunningApp, email: string): Promise<void> {
  const rows = await app.query("update one_time_codes set expires_at = now() - interval '1 second' where email = $1 and consumed_at is null returning id", [
    email,
  ]);
  expect(rows.length).toBeGreaterThan(0);
}

/**
 * Gives the unused codes of `email` their ten minutes back (codesExpire undone). A walk goes on
 * after a refused code, and the page then sends the same code again: the real server never takes
 * an expired code, so for the walk to go on past that refusal the code must work again, as if
 * the refusal had come from a clock that ran ahead.
 */
export async function codesWorkAgain(app: RunningApp, email: string): Promise<void> {
  const rows = await app.query("update one_time_codes set expires_at = now() + interval '10 minutes' where email = $1 and consumed_at is null returning id", [
    email,
  ]);
  expect(rows.length).toBeGreaterThan(0);
}

/** The newest code of `email`: whether it went out within the last `seconds` (so the resend lock is surely on) and whether it still works. */
export async function newestCode(app: RunningApp, email: string, seconds = 30): Promise<{ recent: boolean; live: boolean } | undefined> {
  const [row] = await app.query(
    `select created_at > now() - make_interval(secs => $2) as recent, consumed_at is null and expires_at > now() and failed_attempts < 5 as live
       from one_time_codes where email = $1 order by created_at desc, id desc limit 1`,
    [email, seconds],
  );
  return row as { recent: boolean; live: boolean } | undefined;
}

/** Waits (bounded) until at least `count` codes were mailed to `email` (the server's outbox); returns the newest. */
export async function mailedCode(app: RunningApp, email: string, count = 1): Promise<string> {
  let codes: string[] = [];
  await eventually(async () => {
    codes = await codesMailedTo(app.dataDir, email);
    expect(codes.length).toBeGreaterThanOrEqual(count);
  });
  return codes.at(-1)!;
}

/** How many codes the server's outbox holds for `email`, now. */
export async function mailCount(app: RunningApp, email: string): Promise<number> {
  return (await codesMailedTo(app.dataDir, email)).length;
}

/** The session the page keeps (remembered: localStorage, else sessionStorage), and who the server says it is. */
export async function pageSession(page: Page, app: RunningApp): Promise<{ storage: 'local' | 'session' | null; email: unknown }> {
  const stored = await page.evaluate(() => ({ local: localStorage.getItem('access_token'), session: sessionStorage.getItem('access_token') }));
  const token = stored.local ?? stored.session;
  if (!token) return { storage: null, email: null };
  const me = await callApi(app, 'GET', paths.auth.me, undefined, token);
  expect(me.status).toBe(200);
  return { storage: stored.local ? 'local' : 'session', email: me.body.email };
}

/** The text of what describes a field (its error, its hint), as a screen reader reads it after the name. */
export function describedBy(field: Locator): Promise<string> {
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}

/** The server's refusals the accounts screens show (server/domain/accounts, server/plugins/security.ts). */
export const SERVER_SENTENCES = {
  invalidCredentials: 'Email or password is incorrect.',
  codeExpired: 'This code has expired. Please ask for a new one.',
  passwordKept: 'This account already has a password: enter it, or change it through "Forgot password".',
  resendLocked: /^A code was sent to this address moments ago\. You can ask for a new one in \d+ seconds?\.$/,
  /** The same lock in forgot password's words, which do not say whether a code was mailed. */
  codeAsked: /^A code was asked for this address moments ago\. You can ask for a new one in \d+ seconds?\.$/,
  alreadySent: /^We already sent a code to this address and it still works\. You can ask for a new one in \d+ seconds?\.$/,
  tooManyRequests: /^Too many requests\. Please try again in \d+ seconds?\.$/,
} as const;
