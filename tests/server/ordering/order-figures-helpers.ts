import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { accessTokenFor } from '../accounts/auth-helpers';
import { API, type Caller } from '../menu/menu-helpers';
import { createTestApp, type TestApp } from '../test-app';

/**
 * For the tests of what is counted from orders: a server whose clock stands where the test puts
 * it (days are counted back from "now" in the restaurant's zone), and callers whose tokens that
 * clock accepts.
 */
export type FiguresWorld = { t: TestApp; setNow: (at: string) => void; clock: () => Date };

export async function figuresTestApp(): Promise<FiguresWorld> {
  let now = new Date('2026-11-27T18:00:00Z');
  const clock = () => now;
  const t = await createTestApp({ clock, config: { rateLimitPerMinute: 100_000, logLevel: 'error' } });
  return { t, clock, setNow: (at) => (now = new Date(at)) };
}

/** An owner: onboarding made their restaurant, now active. */
export async function owner({ t, clock }: FiguresWorld, email: string): Promise<Caller> {
  const token = await accessTokenFor(t, email, { clock });
  const response = await t.app.inject({ method: 'POST', url: `${API}/onboarding/start/`, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`onboarding/start answered ${response.statusCode}`);
  return { token, restaurantId: response.json().id };
}

export async function administrator({ t, clock }: FiguresWorld, email: string, role: 'staff' | 'superadmin'): Promise<Caller> {
  const { user } = await findOrCreateUserByEmail(t.database.db, { email });
  await grantStaff(t.database.db, user.id, { superadmin: role === 'superadmin' });
  return { token: await accessTokenFor(t, email, { clock }), restaurantId: null };
}

export async function get({ t }: FiguresWorld, path: string, caller: Caller | null) {
  const response = await t.app.inject({ method: 'GET', url: `${API}${path}`, headers: caller ? { authorization: `Bearer ${caller.token}` } : {} });
  return { status: response.statusCode, headers: response.headers, text: response.body, json: () => response.json() };
}
