import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { onboardingApi, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { accessTokenFor } from '../accounts/auth-helpers';
import type { TestApp } from '../test-app';

/** Calls to the territories API and the people and restaurants its tests need. */

export const TERRITORIES = '/api/v2/territories/';
export const territoryUrl = (id: number | string) => `${TERRITORIES}${id}/`;
export const COVERAGE = '/api/v2/territories/coverage/';
export const MAP_CONFIG = '/api/v2/map/config/';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function territoryApi(t: TestApp) {
  const call = (method: Method, url: string, token?: string, payload?: unknown) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (payload === undefined) return t.app.inject({ method, url, headers });
    return t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  };
  return {
    call,
    list: (query: string, token: string) => call('GET', `${TERRITORIES}${query}`, token),
    create: (body: unknown, token: string) => call('POST', TERRITORIES, token, body),
    read: (id: number, token: string) => call('GET', territoryUrl(id), token),
    update: (id: number, body: unknown, token: string) => call('PATCH', territoryUrl(id), token, body),
    remove: (id: number, token: string) => call('DELETE', territoryUrl(id), token),
    coverage: (body: unknown, token: string) => call('POST', COVERAGE, token, body),
    /** Creates a territory and answers its id (fails the test when refused). */
    async created(body: object, token: string): Promise<number> {
      const response = await call('POST', TERRITORIES, token, body);
      if (response.statusCode !== 201) throw new Error(`create refused: ${response.statusCode} ${response.body}`);
      return response.json().id;
    },
  };
}

/** Tokens for the three kinds of caller: staff, a superadmin and a restaurant owner. */
export async function people(t: TestApp) {
  const staff = await accessTokenFor(t, 'staff@example.com', { staff: true });
  const superadmin = await accessTokenFor(t, 'root@example.com');
  const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'root@example.com' });
  await grantStaff(t.database.db, user.id, { superadmin: true });
  const owner = await accessTokenFor(t, 'owner@example.com');
  return { staff, superadmin, owner };
}

/** A restaurant whose onboarding location is at `zip_code`; answers its id. */
export async function restaurantAt(t: TestApp, email: string, zip_code: string, name: string): Promise<number> {
  const api = onboardingApi(t);
  const token = await accessTokenFor(t, email);
  const id = await api.start(token);
  for (const [step, body] of [
    ['about', { ...VALID_STEPS.about, name, slug: email.split('@')[0] }],
    ['location', { ...VALID_STEPS.location, zip_code }],
  ] as const) {
    const saved = await api.put(id, step, body, token);
    if (saved.statusCode !== 200) throw new Error(`${step} refused: ${saved.body}`);
  }
  return id;
}
