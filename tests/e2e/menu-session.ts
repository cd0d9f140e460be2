/** An owner with a restaurant, signed in through the real API, for the menu's browser tests. */
import type { Page } from 'playwright-core';
import { createPasswordHasher } from '#server/domain/accounts/passwords';
import { findOrCreateUserByEmail, updateProfile } from '#server/domain/accounts/users';
import type { RunningApp } from './harness';

export type OwnerSession = { access: string; refresh: string; restaurantId: number };

// Cheap hashing: the test is about the menu, not password strength.
const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });

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

/** Puts the session where the app keeps a remembered one, then opens `path`. */
export async function openAs(page: Page, app: RunningApp, session: OwnerSession, path: string): Promise<void> {
  await page.goto(`${app.url}/terms`);
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('access_token', access);
    localStorage.setItem('refresh_token', refresh);
  }, session);
  await page.goto(`${app.url}${path}`);
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
