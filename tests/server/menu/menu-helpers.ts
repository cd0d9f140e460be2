import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { users } from '#server/db/schema';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { accessTokenFor } from '../accounts/auth-helpers';
import { createTestApp, testAppForFile, type TestApp } from '../test-app';

/** Shared by the menu-*.test.ts files: a server, a small HTTP client and the roles a test needs. */
export const API = '/api/v2';

export type Caller = { token: string; restaurantId: number | null };

// Tests make many calls per second from one address; the per-address limit is not what they test.
const MENU_APP = { config: { rateLimitPerMinute: 100_000 } };

export async function menuTestApp(): Promise<TestApp> {
  return createTestApp(MENU_APP);
}

export function menuClient(t: TestApp) {
  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, caller: Caller | null, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url: `${API}${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    });
    return { status: response.statusCode, body: response.body === '' ? undefined : response.json(), headers: response.headers };
  };
  return {
    get: (path: string, caller: Caller | null) => send('GET', path, caller),
    post: (path: string, caller: Caller | null, payload: unknown = {}) => send('POST', path, caller, payload),
    patch: (path: string, caller: Caller | null, payload: unknown) => send('PATCH', path, caller, payload),
    delete: (path: string, caller: Caller | null) => send('DELETE', path, caller),
  };
}
export type MenuClient = ReturnType<typeof menuClient>;

/**
 * The set-up most menu test files open with: one server for the file (started before its tests,
 * closed after them) and its client, filled in by the time the tests run (testAppForFile).
 */
export function menuAppForFile(): { t: TestApp; api: MenuClient } {
  const t = testAppForFile(MENU_APP);
  return { t, api: menuClient(t) };
}

/** menuAppForFile with one owner whose onboarding made them a restaurant, signed in before the file's tests. */
export function menuAppWithOwnerForFile(email: string): { t: TestApp; api: MenuClient; owner: Caller } {
  const { t, api } = menuAppForFile();
  const owner = {} as Caller;
  beforeAll(async () => {
    Object.assign(owner, await ownerWithRestaurant(t, email));
  });
  return { t, api, owner };
}

/** A restaurant owner: a real token, and the restaurant onboarding made for them (now active). */
export async function ownerWithRestaurant(t: TestApp, email: string): Promise<Caller> {
  const token = await accessTokenFor(t, email);
  const response = await t.app.inject({ method: 'POST', url: `${API}/onboarding/start/`, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`onboarding/start answered ${response.statusCode}`);
  return { token, restaurantId: response.json().id };
}

/** Platform staff (no restaurant of their own unless given one). */
export async function staff(t: TestApp, email: string): Promise<Caller> {
  return { token: await accessTokenFor(t, email, { staff: true }), restaurantId: null };
}

export async function superadmin(t: TestApp, email: string): Promise<Caller> {
  const { user } = await findOrCreateUserByEmail(t.database.db, { email });
  await grantStaff(t.database.db, user.id, { superadmin: true });
  return { token: await accessTokenFor(t, email), restaurantId: null };
}

/** A signed-in user who has not started onboarding: no active restaurant. */
export async function userWithoutRestaurant(t: TestApp, email: string): Promise<Caller> {
  const token = await accessTokenFor(t, email);
  const { user } = await findOrCreateUserByEmail(t.database.db, { email });
  await t.database.db.update(users).set({ activeRestaurantId: null }).where(eq(users.id, user.id));
  return { token, restaurantId: null };
}

/** Every table the menu area owns: what a refused request must leave as it was. */
export const MENU_TABLES = [
  'categories',
  'category_details',
  'category_option_sets',
  'category_sizes',
  'category_toppings',
  'category_dressings',
  'toppings',
  'dressings',
  'option_sets',
  'option_set_selections',
  'extra_groups',
  'extra_selections',
  'menu_items',
  'menu_item_prices',
] as const;

/** Row counts of every menu table (and of restaurants), to prove a refused request wrote nothing. */
export async function menuRowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [...MENU_TABLES, 'restaurants']) {
    const [row] = await t.database.query(`select count(*)::int as n from ${table}`);
    counts[table] = row?.n as number;
  }
  return counts;
}
