import { describe, expect, it } from 'vitest';
import { LocalDemand } from '#contracts/leads';
import { checkWith } from '#contracts/shared/validation';
import { chooseActiveRestaurant, findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { messages } from '#server/db/schema';
import { onboardingApi, VALID_STEPS } from '../../fixtures/onboarding/requests';
import { accessTokenFor } from '../accounts/auth-helpers';
import { clockedAppEachTest } from '../test-app';

const PATH = '/api/v2/demand/';
const DAY = 24 * 60 * 60 * 1000;
const { t, clock } = clockedAppEachTest('2026-11-22T10:00:00Z');
// The client reads the server of the test under way at each call.
const api = onboardingApi(t);

const tokenOf = (email: string, options: { staff?: boolean } = {}) => accessTokenFor(t, email, { ...options, clock: () => clock.now });

async function superadminToken(email: string): Promise<string> {
  const token = await tokenOf(email);
  const { user } = await findOrCreateUserByEmail(t.database.db, { email });
  await grantStaff(t.database.db, user.id, { superadmin: true });
  return token;
}

/** An owner with a started onboarding whose steps are saved as given (none: a restaurant with no steps). */
async function ownerWith(email: string, steps: { location?: object; delivery?: object; about?: object } = {}) {
  const token = await tokenOf(email);
  const id = await api.start(token);
  for (const [step, body] of Object.entries(steps)) {
    const saved = await api.put(id, step, body, token);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { token, id };
}

const deliveringTo = (zip_codes: string[]) => ({ ...VALID_STEPS.delivery, coverage_mode: 'zip', zip_codes });
const locatedAt = (zip_code: string) => ({ ...VALID_STEPS.location, zip_code });

/** Sign-ups stored directly, `daysAgo` before the app's clock. */
async function signups(...rows: { zip: string; daysAgo: number; status?: 'new' | 'read' | 'archived' }[]) {
  await t.database.db.insert(messages).values(
    rows.map((row, index) => ({
      email: `person${index}@example.com`,
      zipCode: row.zip,
      message: 'Call me at 555-0100',
      status: row.status ?? 'new',
      createdAt: new Date(clock.now.getTime() - row.daysAgo * DAY),
    })),
  );
}

const get = (query: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `${PATH}${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/v2/demand/: who may ask about which restaurant', () => {
  it('refuses a caller without a token with 401, whatever the query', async () => {
    for (const query of ['', '?restaurant_id=1', '?restaurant_id=abc']) {
      const response = await get(query);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Please sign in.', code: 'not_authenticated' });
    }
  });

  it('answers an owner about their own restaurant, named or not', async () => {
    const owner = await ownerWith('owner@example.com', { about: VALID_STEPS.about, location: locatedAt('62701') });
    for (const query of ['', `?restaurant_id=${owner.id}`]) {
      const response = await get(query, owner.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ restaurant_id: owner.id, restaurant_name: 'Blue Door Diner', source: 'location_zip' });
    }
  });

  it("answers an owner asking about another owner's restaurant with 404, like an unknown one", async () => {
    const owner = await ownerWith('owner@example.com');
    const other = await ownerWith('other@example.com', { location: locatedAt('62701') });
    for (const id of [other.id, 999_999]) {
      const response = await get(`?restaurant_id=${id}`, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Restaurant not found.', code: 'not_found' });
    }
  });

  it('answers staff and superadmins about any restaurant, and 404 for one that does not exist', async () => {
    const owner = await ownerWith('owner@example.com', { location: locatedAt('62701') });
    await signups({ zip: '62701', daysAgo: 1 });
    for (const token of [await tokenOf('staff@example.com', { staff: true }), await superadminToken('root@example.com')]) {
      const response = await get(`?restaurant_id=${owner.id}`, token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ restaurant_id: owner.id, total_last_30_days: 1 });
      expect((await get('?restaurant_id=999999', token)).statusCode).toBe(404);
    }
  });

  it('asks an administrator with no active restaurant to name one (400), and uses the active one otherwise', async () => {
    const owner = await ownerWith('owner@example.com', { location: locatedAt('62701') });
    const staff = await tokenOf('staff@example.com', { staff: true });
    const refused = await get('', staff);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'No active restaurant selected.', code: 'no_active_restaurant' });

    const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'staff@example.com' });
    await chooseActiveRestaurant(t.database.db, user.id, owner.id);
    expect((await get('', staff)).json()).toMatchObject({ restaurant_id: owner.id });
  });

  it.each([
    ['a restaurant id that is not a number', '?restaurant_id=abc', 'restaurant_id'],
    ['a restaurant id of zero', '?restaurant_id=0', 'restaurant_id'],
    ['an unknown parameter', '?zip=62701', 'zip'],
  ])('refuses %s with 400 in the error shape', async (_label, query, field) => {
    const owner = await ownerWith('owner@example.com');
    const response = await get(query, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String), fields: { [field]: expect.any(String) } });
  });
});

describe('GET /api/v2/demand/: what is counted', () => {
  it("counts the delivery step's zips, every status, over 30 and 90 days, busiest zip first", async () => {
    const owner = await ownerWith('owner@example.com', { location: locatedAt('62701'), delivery: deliveringTo(['62701', '62702', '62703']) });
    await signups(
      { zip: '62702', daysAgo: 1 },
      { zip: '62702', daysAgo: 29, status: 'archived' },
      { zip: '62702', daysAgo: 31, status: 'read' },
      { zip: '62701', daysAgo: 31 },
      { zip: '62701', daysAgo: 89 },
      { zip: '62701', daysAgo: 91 },
      { zip: '99999', daysAgo: 1 },
    );
    const response = await get('', owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      restaurant_id: owner.id,
      restaurant_name: '',
      source: 'delivery_zips',
      zips: [
        { zip_code: '62702', last_30_days: 2, last_90_days: 3 },
        { zip_code: '62701', last_30_days: 0, last_90_days: 2 },
        { zip_code: '62703', last_30_days: 0, last_90_days: 0 },
      ],
      total_last_30_days: 2,
      total_last_90_days: 5,
    });
    expect(checkWith(LocalDemand, response.json()).ok).toBe(true);
  });

  it('breaks ties in the 90-day count by zip', async () => {
    const owner = await ownerWith('owner@example.com', { delivery: deliveringTo(['62709', '62701']) });
    await signups({ zip: '62709', daysAgo: 2 }, { zip: '62701', daysAgo: 40 });
    expect((await get('', owner.token)).json().zips.map((zip: { zip_code: string }) => zip.zip_code)).toEqual(['62701', '62709']);
  });

  it('matches zips trimmed and in any case, and counts a ZIP+4 for its ZIP', async () => {
    const owner = await ownerWith('owner@example.com', { delivery: deliveringTo(['94107', 'sw1a 1aa']) });
    await signups({ zip: '94107-1234', daysAgo: 3 }, { zip: ' 94107 ', daysAgo: 3 }, { zip: 'SW1A 1AA', daysAgo: 3 }, { zip: '94108', daysAgo: 3 });
    expect((await get('', owner.token)).json()).toMatchObject({
      zips: [
        { zip_code: '94107', last_30_days: 2, last_90_days: 2 },
        { zip_code: 'SW1A 1AA', last_30_days: 1, last_90_days: 1 },
      ],
      total_last_90_days: 3,
    });
  });

  it('counts a Canadian postal code written with or without its space, in any case (issue 27)', async () => {
    const owner = await ownerWith('owner@example.com', { delivery: deliveringTo(['M5H3T4', 'sw1a1aa']) });
    // Rows stored as typed before sign-ups were written in one form.
    await signups(
      { zip: 'M5H 3T4', daysAgo: 3 },
      { zip: 'm5h3t4', daysAgo: 3 },
      { zip: ' M5H  3T4 ', daysAgo: 40 },
      { zip: 'SW1A 1AA', daysAgo: 3 },
      { zip: 'M5H 3T5', daysAgo: 3 },
    );
    // And one through the landing page's sign-up, as a person types it.
    const posted = await t.app.inject({ method: 'POST', url: '/api/messages/', payload: { zip_code: 'm5h3t4', email: 'new@example.com' } });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().zip_code).toBe('M5H 3T4');
    expect((await get('', owner.token)).json()).toMatchObject({
      zips: [
        { zip_code: 'M5H 3T4', last_30_days: 3, last_90_days: 4 },
        { zip_code: 'SW1A 1AA', last_30_days: 1, last_90_days: 1 },
      ],
      total_last_90_days: 5,
    });
  });

  it("uses the restaurant's own zip when it delivers by distance", async () => {
    const owner = await ownerWith('owner@example.com', { location: locatedAt('62704'), delivery: { ...VALID_STEPS.delivery, coverage_mode: 'distance' } });
    await signups({ zip: '62704', daysAgo: 5 }, { zip: '62701', daysAgo: 5 });
    expect((await get('', owner.token)).json()).toMatchObject({
      source: 'location_zip',
      zips: [{ zip_code: '62704', last_30_days: 1, last_90_days: 1 }],
      total_last_30_days: 1,
    });
  });

  it("uses the restaurant's own zip before any delivery step is saved", async () => {
    const owner = await ownerWith('owner@example.com', { location: locatedAt('62704') });
    expect((await get('', owner.token)).json()).toMatchObject({ source: 'location_zip', zips: [{ zip_code: '62704' }] });
  });

  it('counts nothing when the restaurant has neither delivery zips nor a location', async () => {
    const owner = await ownerWith('owner@example.com', { delivery: { ...VALID_STEPS.delivery, coverage_mode: 'distance' } });
    await signups({ zip: '62701', daysAgo: 1 });
    expect((await get('', owner.token)).json()).toMatchObject({ source: 'none', zips: [], total_last_30_days: 0, total_last_90_days: 0 });
  });

  it("never answers anyone's email address or message", async () => {
    const owner = await ownerWith('owner@example.com', { delivery: deliveringTo(['62701']) });
    await signups({ zip: '62701', daysAgo: 1 });
    const body = (await get('', owner.token)).body;
    expect(body).not.toContain('@example.com');
    expect(body).not.toContain('555-0100');
  });
});
