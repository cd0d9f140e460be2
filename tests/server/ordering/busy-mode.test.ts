import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusyState } from '#contracts/ordering/kitchen-pause';
import type { Database } from '#server/db/database';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { VALID_STEPS } from '#tests/fixtures/onboarding/requests';
import { accessTokenFor } from '../accounts/auth-helpers';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';

/**
 * Busy mode (issue 45): the board's pause of new orders and extra prep minutes. The app's clock
 * is a variable here, so a pause and a busy time are seen to end by themselves as it moves on.
 */
/** Wednesday 12:00 in Chicago. */
const START = new Date('2026-11-25T18:00:00Z');
const minutesLater = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

let now = START;
let fresh: { database: Database; dispose: () => Promise<void> };
let t: TestApp;
const owners = { blue: { token: '', restaurantId: 0 }, red: { token: '', restaurantId: 0 } };
let superadmin = '';

async function ownerOf(email: string) {
  const token = await accessTokenFor(t, email);
  const started = await t.app.inject({ method: 'POST', url: '/api/v2/onboarding/start/', payload: {}, headers: { authorization: `Bearer ${token}` } });
  const restaurantId = (started.json() as { id: number }).id;
  await t.app.inject({
    method: 'PUT',
    url: `/api/v2/onboarding/${restaurantId}/location/`,
    payload: VALID_STEPS.location,
    headers: { authorization: `Bearer ${token}` },
  });
  await fresh.database.query(`update restaurants set time_zone = 'America/Chicago' where id = $1`, [restaurantId]);
  return { token, restaurantId };
}

beforeAll(async () => {
  fresh = await freshDatabase();
  t = await createTestApp({ database: fresh.database, clock: () => now });
  owners.blue = await ownerOf('blue@example.com');
  owners.red = await ownerOf('red@example.com');
  superadmin = await accessTokenFor(t, 'root@example.com');
  const { user } = await findOrCreateUserByEmail(fresh.database.db, { email: 'root@example.com' });
  await grantStaff(fresh.database.db, user.id, { superadmin: true });
});
afterAll(async () => {
  await t?.close();
  await fresh?.dispose();
});
beforeEach(async () => {
  now = START;
  await fresh.database.query('truncate restaurant_kitchen_settings');
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = owners.blue.token, payload?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const pace = async (token = owners.blue.token, query = '') => (await call('GET', `/orders/pace/${query}`, token)).json() as BusyState;
const row = async (restaurantId = owners.blue.restaurantId) =>
  (await fresh.database.query('select * from restaurant_kitchen_settings where restaurant_id = $1', [restaurantId]))[0];
const version = async (restaurantId: number) =>
  (await fresh.database.query('select version from restaurants where id = $1', [restaurantId]))[0]!.version as number;

const CALM = { paused: false, paused_until: null, busy_extra_minutes: 0, busy_until: null, time_zone: 'America/Chicago', country: 'United States' };

describe('busy mode: pause and reopen', { timeout: 30_000 }, () => {
  it('reads a calm kitchen with its clock when nothing was ever set, and writes no row for a read', async () => {
    expect(await pace()).toEqual(CALM);
    expect(await row()).toBeUndefined();
  });

  it('pauses for 30 minutes, says until when, and ends by itself at that time', async () => {
    const paused = await call('POST', '/orders/pause/', owners.blue.token, { minutes: 30 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ ...CALM, paused: true, paused_until: '2026-11-25T18:30:00.000Z' });
    now = minutesLater(29);
    expect((await pace()).paused).toBe(true);
    now = minutesLater(30);
    expect(await pace()).toEqual(CALM);
  });

  it('pauses until reopened (null), which no time ends, and reopens with DELETE', async () => {
    expect((await call('POST', '/orders/pause/', owners.blue.token, { minutes: null })).json()).toMatchObject({ paused: true, paused_until: null });
    now = minutesLater(24 * 60);
    expect((await pace()).paused).toBe(true);
    const reopened = await call('DELETE', '/orders/pause/');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(CALM);
    expect(await row()).toMatchObject({ paused_at: null, paused_until: null });
  });

  it('raises the restaurant’s version, so the store’s data and page follow', async () => {
    const before = await version(owners.blue.restaurantId);
    await call('POST', '/orders/pause/', owners.blue.token, { minutes: 15 });
    expect(await version(owners.blue.restaurantId)).toBeGreaterThan(before);
  });

  it('leaves the kitchen settings’ own columns as they were', async () => {
    await fresh.database.query(
      `insert into restaurant_kitchen_settings (restaurant_id, max_orders_per_slot, max_items_per_slot, min_lead_minutes, auto_accept, default_prep_minutes)
       values ($1, 5, 40, 30, true, 25)`,
      [owners.blue.restaurantId],
    );
    await call('POST', '/orders/pause/', owners.blue.token, { minutes: 60 });
    await call('POST', '/orders/busy/', owners.blue.token, { minutes: 20 });
    await call('DELETE', '/orders/pause/');
    expect(await row()).toMatchObject({
      max_orders_per_slot: 5,
      max_items_per_slot: 40,
      min_lead_minutes: 30,
      auto_accept: true,
      default_prep_minutes: 25,
      busy_extra_minutes: 20,
    });
  });
});

describe('busy mode: extra prep minutes', { timeout: 30_000 }, () => {
  it('adds 20 minutes for two hours, then they end by themselves', async () => {
    const busy = await call('POST', '/orders/busy/', owners.blue.token, { minutes: 20 });
    expect(busy.json()).toEqual({ ...CALM, busy_extra_minutes: 20, busy_until: '2026-11-25T20:00:00.000Z' });
    now = minutesLater(119);
    expect((await pace()).busy_extra_minutes).toBe(20);
    now = minutesLater(120);
    expect(await pace()).toEqual(CALM);
  });

  it('a second press starts over with the minutes chosen; 0 clears them', async () => {
    await call('POST', '/orders/busy/', owners.blue.token, { minutes: 20 });
    now = minutesLater(60);
    expect((await call('POST', '/orders/busy/', owners.blue.token, { minutes: 10 })).json()).toMatchObject({
      busy_extra_minutes: 10,
      busy_until: '2026-11-25T21:00:00.000Z',
    });
    expect((await call('POST', '/orders/busy/', owners.blue.token, { minutes: 0 })).json()).toEqual(CALM);
  });
});

describe('busy mode: bodies', { timeout: 30_000 }, () => {
  it.each([
    ['/orders/pause/', { minutes: 45 }, 'Choose 15, 30 or 60 minutes, or null to pause until you reopen.'],
    ['/orders/pause/', { minutes: '30' }, 'Choose 15, 30 or 60 minutes, or null to pause until you reopen.'],
    ['/orders/pause/', {}, 'This field is required.'],
    ['/orders/pause/', { minutes: 15.5 }, 'Choose 15, 30 or 60 minutes, or null to pause until you reopen.'],
    ['/orders/busy/', { minutes: 30 }, 'Choose 10 or 20 minutes, or 0 for normal prep times.'],
    ['/orders/busy/', { minutes: null }, 'Choose 10 or 20 minutes, or 0 for normal prep times.'],
    ['/orders/busy/', { minutes: -10 }, 'Choose 10 or 20 minutes, or 0 for normal prep times.'],
  ])('%s refuses %j on `minutes` and changes nothing', async (url, body, sentence) => {
    const answer = await call('POST', url, owners.blue.token, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ minutes: sentence });
    expect(await row()).toBeUndefined();
  });

  it('refuses a field it does not know', async () => {
    const answer = await call('POST', '/orders/pause/', owners.blue.token, { minutes: 15, until: '2026-11-26T00:00:00Z' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toHaveProperty('until');
    expect(await row()).toBeUndefined();
  });
});

describe('busy mode: tenancy', { timeout: 30_000 }, () => {
  it('an owner pauses their own restaurant only: another’s answers 404 and stays open', async () => {
    const red = `?restaurant_id=${owners.red.restaurantId}`;
    expect((await call('POST', `/orders/pause/${red}`, owners.blue.token, { minutes: 15 })).statusCode).toBe(404);
    expect((await call('DELETE', `/orders/pause/${red}`)).statusCode).toBe(404);
    expect((await call('POST', `/orders/busy/${red}`, owners.blue.token, { minutes: 10 })).statusCode).toBe(404);
    expect((await call('GET', `/orders/pace/${red}`)).statusCode).toBe(404);
    expect(await row(owners.red.restaurantId)).toBeUndefined();
    // The owner's own pause is not the other's.
    await call('POST', '/orders/pause/', owners.blue.token, { minutes: 15 });
    expect((await pace(owners.red.token)).paused).toBe(false);
  });

  it('a superadmin pauses the restaurant named, and one that does not exist answers 404', async () => {
    const named = await call('POST', `/orders/pause/?restaurant_id=${owners.red.restaurantId}`, superadmin, { minutes: 60 });
    expect(named.json()).toMatchObject({ paused: true, paused_until: '2026-11-25T19:00:00.000Z' });
    expect((await pace(owners.red.token)).paused).toBe(true);
    expect((await call('POST', '/orders/pause/?restaurant_id=999999', superadmin, { minutes: 60 })).statusCode).toBe(404);
  });

  it('a stranger gets 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/orders/pause/', payload: { minutes: 15 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/orders/pace/' })).statusCode).toBe(401);
  });
});
