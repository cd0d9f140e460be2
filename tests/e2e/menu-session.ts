/** An owner with a restaurant, signed in through the real API, for the menu's browser tests. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createPasswordHasher } from '#server/domain/accounts/passwords';
import { findOrCreateUserByEmail, updateProfile } from '#server/domain/accounts/users';
import { TEST_SCRYPT } from '../support/test-scrypt';
import { openBrowser, startApp, type AppRun, type RunningApp } from './harness';
import { routerCanShow, showInApp } from './in-app';

export type OwnerSession = { access: string; refresh: string; restaurantId: number };

// Cheap hashing: the test is about the menu, not password strength.
const hasher = createPasswordHasher(TEST_SCRYPT);

export async function ownerSession(app: RunningApp, email: string, password = 'correct horse battery'): Promise<OwnerSession> {
  const { user } = await findOrCreateUserByEmail(app.database.db, { email });
  await updateProfile(app.database.db, user.id, { firstName: 'Olivia', lastName: 'Owner', passwordHash: await hasher.hash(password) });
  const login = await fetch(`${app.url}/api/v2/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const tokens = (await login.json()) as { access: string; refresh: string };
  const started = await fetch(`${app.url}/api/v2/onboarding/start/`, { method: 'POST', headers: { authorization: `Bearer ${tokens.access}` } });
  if (!started.ok) throw new Error(`onboarding/start answered ${started.status}`);
  return { ...tokens, restaurantId: ((await started.json()) as { id: number }).id };
}

/** Puts the session where the app keeps a remembered one, then opens `path`: one page load. */
export async function openAs(page: Page, app: RunningApp, session: OwnerSession, path: string): Promise<void> {
  await rememberSession(page, session);
  await page.goto(`${app.url}${path}`);
}

/**
 * `path` as `session`: through the app's router when the page already shows the app as that
 * person on another screen (tests/e2e/in-app.ts: the screen mounts anew, its heading in and its
 * calls settled), else by `openAs`'s one page load. For tests that look at screens and change nothing on the way.
 */
export async function showAs(page: Page, app: RunningApp, session: OwnerSession, path: string): Promise<void> {
  if (remembered.get(page) === session && routerCanShow(page, app.url, path)) await showInApp(page, path);
  else await openAs(page, app, session, path);
}

let seeds = 0;
/** The session each page was last given: a page kept across tests (`keptPage`) is given it once. */
const remembered = new WeakMap<Page, { access: string; refresh: string }>();

/**
 * Stores the session as the app remembers one (localStorage) before the page's next document
 * runs its first script, once: a reload or a sign-out afterwards is the app's own business.
 * (Opening another page of the app first to write localStorage cost a whole second app load.)
 * Nothing is done when the page was last given this same session: writing its tokens again
 * would put back ones the app may since have refreshed.
 */
export async function rememberSession(page: Page, session: { access: string; refresh: string }): Promise<void> {
  if (remembered.get(page) === session) return;
  remembered.set(page, session);
  seeds += 1;
  await page.addInitScript(
    ({ access, refresh, seed }) => {
      try {
        // Once per tab: sessionStorage outlives reloads, and each call has a key of its own.
        if (sessionStorage.getItem(seed) !== null) return;
        sessionStorage.setItem(seed, 'done');
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', refresh);
      } catch {
        // A document without storage (about:blank) has no session to hold.
      }
    },
    { access: session.access, refresh: session.refresh, seed: `e2e-session-${seeds}` },
  );
}

/** A call to the API as the owner (to set up data the test is not about). */
export async function apiAs<T>(app: RunningApp, session: OwnerSession, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app.url}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export type OwnerRun = AppRun & { owner: OwnerSession };

/**
 * For a test file: the app on a database of its own (no per-address limit: many page loads come
 * from one address), an owner signed in as `email`, started before the file's tests (within
 * `timeout` ms, the hook's default if not given) and stopped after them, and a lease on the
 * worker's Chromium. The fields are filled in by the time the tests run.
 */
export function withOwnerApp(email: string, { timeout }: { timeout?: number } = {}): OwnerRun {
  const run = {} as OwnerRun;
  beforeAll(async () => {
    run.app = await startApp({ rateLimitPerMinute: 100_000 });
    run.owner = await ownerSession(run.app, email);
    run.browser = await openBrowser();
  }, timeout);
  afterAll(async () => {
    await run.browser?.close();
    await run.app?.stop();
  });
  return run;
}
