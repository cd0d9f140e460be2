/**
 * The real server's side of the back-office paths in Chromium (issue 17, item 6: the inbox, the
 * survey answers, local demand). As with tests/e2e/accounts-server.ts, nothing here answers the
 * browser: calls are held by `page.route` only until the server holds what their answer depends
 * on, then let through unchanged, and what the server stored is read back from its database.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page, Request, Route } from 'playwright-core';
import { expect } from 'vitest';
import { grantStaff } from '#server/domain/accounts/users';
import { eventually, newAddress } from './accounts-server';
import type { RunningApp } from './harness';
import { ownerSession, type OwnerSession } from './menu-session';

/** What requireAdmin answers a signed-in user who is not (or no longer) a platform administrator. */
export const NOT_AN_ADMINISTRATOR = 'This needs a platform administrator.';

export type AdminSession = OwnerSession & { userId: number; email: string };

/** A platform administrator of its own (a superadmin), signed in through the real API. */
export function adminSession(app: RunningApp, label = 'admin'): Promise<AdminSession> {
  return superadminSession(app, newAddress(label));
}

/**
 * `email` signed in through the real API, then made superadmin in the database as `npm run
 * create-admin` does. Signing in through onboarding gave them a restaurant, still theirs.
 */
export async function superadminSession(app: RunningApp, email: string): Promise<AdminSession> {
  const session = await ownerSession(app, email);
  const [row] = await app.query('select id from users where email = $1', [email]);
  const userId = Number(row!.id);
  await grantStaff(app.database.db, userId, { superadmin: true });
  return { ...session, userId, email };
}

/** Takes the administrator's restaurant away, as a fresh administrator has none (nor one picked). */
export async function withoutRestaurant(app: RunningApp, admin: AdminSession): Promise<void> {
  await app.query('update users set active_restaurant_id = null where id = $1', [admin.userId]);
  await app.query('delete from restaurants where id = $1', [admin.restaurantId]);
}

/**
 * Another superadmin takes the administrator's rights away while `call` is under way, and gives
 * them back once it is answered: the server's own refusal of a call it would otherwise answer.
 */
export async function withoutRights<T>(app: RunningApp, admin: AdminSession, call: () => Promise<T>): Promise<T> {
  const revoked = await app.query('update users set is_staff = false, is_superadmin = false where id = $1 returning id', [admin.userId]);
  expect(revoked).toHaveLength(1);
  try {
    return await call();
  } finally {
    await grantStaff(app.database.db, admin.userId, { superadmin: true });
  }
}

/** Holds every call of the page whose address's path matches `path` in `held`, untouched, until the test lets it through. */
export async function holdCalls(page: Page, path: RegExp): Promise<Route[]> {
  const held: Route[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    (route) => {
      held.push(route);
    },
  );
  return held;
}

/** Waits (bounded) until the page has sent exactly one call to `routes`, held there; answers it without taking it. */
export async function heldCall(routes: Route[]): Promise<Request> {
  await eventually(async () => expect(routes, 'exactly one call should be held').toHaveLength(1));
  return routes[0]!.request();
}

/** The held call's query, as a plain object. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url()).searchParams);
}

/**
 * Lets the one held call through once the server holds what `arrange` sets up; the server must
 * answer `status`. Answers the server's body as text.
 */
export async function letThrough(routes: Route[], status: number, arrange: () => Promise<unknown> = async () => {}): Promise<string> {
  await heldCall(routes);
  const route = routes.shift()!;
  await arrange();
  const request = route.request();
  await route.continue();
  const response = await request.response();
  if (!response) throw new Error(`${request.method()} ${request.url()} got no answer`);
  const body = await response.text();
  expect(response.status(), body).toBe(status);
  return body;
}

/** The files the page saved, as the browser received them. */
export function downloadsOf(page: Page): Download[] {
  const saved: Download[] = [];
  page.on('download', (download) => saved.push(download));
  return saved;
}

/** The saved file's name and its CSV lines (header first, the last line break dropped). */
export async function savedCsv(download: Download): Promise<{ name: string; lines: string[] }> {
  const path = await download.path();
  if (!path) throw new Error(`the download of ${download.suggestedFilename()} failed: ${await download.failure()}`);
  const text = await readFile(path, 'utf8');
  return { name: download.suggestedFilename(), lines: text.replace(/\r\n$/, '').split('\r\n') };
}
