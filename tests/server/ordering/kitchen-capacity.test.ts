import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderQuote, PlacedOrder, PlaceOrderBody } from '#contracts/ordering';
import { FREE_PACE, SLOT_FULL, type StoreSlots } from '#contracts/ordering/availability';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '#contracts/ordering/kitchen-settings';
import type { Storefront } from '#contracts/storefront';
import type { Database } from '#server/db/database';
import { EVERY_DAY_9_TO_21 } from '#tests/fixtures/storefront/hours';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { memoryMailer } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';

/**
 * The kitchen's pace on the server (issue 45, items 1 and 5): the Kitchen settings section, and
 * placing held to capacity per slot, counted in the order's transaction after the restaurant's
 * counter row lock (60 customers at once for a slot of 5: exactly 5 stored), items counted by
 * quantity, cancelled orders giving their place back, as soon as possible moving to the next slot
 * with room, the pause, and auto-accept. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 * blue-door is open 09:00 to 21:00 in Chicago, pickup quoted 10 to 20 minutes.
 */
const MIDDAY = new Date('2026-11-25T18:00:00Z');
/** Thursday in Chicago, 09:00 to 11:00 (CST, UTC−6): slots each test uses alone. */
const slot = (minutes: number) => new Date(Date.parse('2026-11-26T15:00:00Z') + minutes * 60_000).toISOString();

let now = MIDDAY;
let fresh: { database: Database; dispose: () => Promise<void> };
let t: TestApp;
const mailer = memoryMailer();
let blue: { call: OwnerCall; restaurantId: number };
let red: { call: OwnerCall; restaurantId: number };
let line: PlaceOrderBody['lines'][number];

beforeAll(async () => {
  fresh = await freshDatabase();
  t = await createTestApp({ database: fresh.database, clock: () => now, mailer, config: { orderLimitPerMinute: 100_000 } });
  blue = await injectedOwner(t, 'kitchen-blue@example.com');
  await seedStore(blue.call, blue.restaurantId, { slug: 'pace-door', categories: 1, itemsPerCategory: 1 });
  await blue.call('PUT', `/onboarding/${blue.restaurantId}/hours/`, EVERY_DAY_9_TO_21);
  red = await injectedOwner(t, 'kitchen-red@example.com');
  const store: Storefront = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/pace-door/' })).json();
  const pizza = store.categories[0]!;
  line = { item_id: pizza.items[0]!.id, size_id: pizza.sizes[0]!.id, quantity: 1, extra_selection_ids: [pizza.extra_groups[0]!.selections[0]!.id] };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fresh?.dispose();
});
beforeEach(async () => {
  now = MIDDAY;
  await t.app.backgroundSettled();
  mailer.sent.length = 0;
  await fresh.database.query('delete from restaurant_kitchen_settings');
});

const settingsUrl = (id: number) => `/restaurants/${id}/settings/kitchen/`;
const saveSettings = async (settings: Partial<KitchenSettings>) => {
  const saved = await blue.call('PUT', settingsUrl(blue.restaurantId), { ...DEFAULT_KITCHEN_SETTINGS, ...settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

const body = (scheduled_for: string | null, quantity = 1): PlaceOrderBody => ({
  fulfilment: 'pickup',
  lines: [{ ...line, quantity }],
  customer: { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' },
  scheduled_for,
});
let keys = 0;
const place = (sent: PlaceOrderBody) =>
  t.app.inject({ method: 'POST', url: '/api/v2/storefront/pace-door/orders/', payload: sent, headers: { 'idempotency-key': `pace-${(keys += 1)}` } });
const quote = async (sent: PlaceOrderBody): Promise<OrderQuote> =>
  (await t.app.inject({ method: 'POST', url: '/api/v2/storefront/pace-door/quote/', payload: sent })).json();
const storedIn = async (at: string) =>
  (
    await fresh.database.query('select status, item_count, slot_at from orders where restaurant_id = $1 and slot_at = $2 order by id', [blue.restaurantId, at])
  ).map((row) => ({ status: row.status, items: Number(row.item_count) }));

describe('GET/PUT /api/v2/restaurants/{id}/settings/kitchen/', () => {
  it('answers the defaults before anything is saved, and keeps what is saved', async () => {
    expect((await blue.call('GET', settingsUrl(blue.restaurantId))).body).toEqual(DEFAULT_KITCHEN_SETTINGS);
    const settings = { max_orders_per_slot: 5, max_items_per_slot: null, min_lead_minutes: 30, auto_accept: true, default_prep_minutes: 25 };
    expect((await blue.call('PUT', settingsUrl(blue.restaurantId), settings)).body).toEqual(settings);
    expect((await blue.call('GET', settingsUrl(blue.restaurantId))).body).toEqual(settings);
  });

  it('refuses each field out of its range with 400 on that field, and changes nothing', async () => {
    await saveSettings({ max_orders_per_slot: 7 });
    const bad: [keyof KitchenSettings, unknown][] = [
      ['max_orders_per_slot', 0],
      ['max_orders_per_slot', 1001],
      ['max_items_per_slot', 2.5],
      ['max_items_per_slot', '3'],
      ['min_lead_minutes', -1],
      ['min_lead_minutes', 1441],
      ['auto_accept', 'yes'],
      ['default_prep_minutes', 0],
      ['default_prep_minutes', 241],
    ];
    for (const [field, value] of bad) {
      const answer = await blue.call('PUT', settingsUrl(blue.restaurantId), { ...DEFAULT_KITCHEN_SETTINGS, max_orders_per_slot: 7, [field]: value });
      expect([field, value, answer.status]).toEqual([field, value, 400]);
      expect(Object.keys((answer.body as { fields: Record<string, string> }).fields)).toEqual([field]);
    }
    expect((await blue.call('GET', settingsUrl(blue.restaurantId))).body).toEqual({ ...DEFAULT_KITCHEN_SETTINGS, max_orders_per_slot: 7 });
  });

  it('answers 404 for another restaurant’s kitchen, reading or saving, and saves nothing there', async () => {
    expect((await red.call('GET', settingsUrl(blue.restaurantId))).status).toBe(404);
    expect((await red.call('PUT', settingsUrl(blue.restaurantId), { ...DEFAULT_KITCHEN_SETTINGS, max_orders_per_slot: 1 })).status).toBe(404);
    expect(await fresh.database.query('select * from restaurant_kitchen_settings')).toEqual([]);
  });

  it('never touches the pause and busy minutes the board writes', async () => {
    await fresh.database.query(
      `insert into restaurant_kitchen_settings (restaurant_id, paused_at, paused_until, busy_extra_minutes, busy_until)
       values ($1, '2026-11-25T17:00:00Z', '2026-11-25T19:00:00Z', 20, '2026-11-25T19:00:00Z')`,
      [blue.restaurantId],
    );
    await saveSettings({ max_items_per_slot: 40 });
    const [row] = await fresh.database.query(
      'select paused_at, paused_until, busy_extra_minutes, busy_until, max_items_per_slot from restaurant_kitchen_settings',
    );
    expect(row).toMatchObject({ busy_extra_minutes: 20, max_items_per_slot: 40 });
    expect(new Date(row!.paused_until as string).toISOString()).toBe('2026-11-25T19:00:00.000Z');
    expect(new Date(row!.busy_until as string).toISOString()).toBe('2026-11-25T19:00:00.000Z');
  });
});

describe('capacity per slot, counted in the order’s transaction', () => {
  it('stores exactly 5 of 60 orders sent at once for a slot of 5; the rest are told it is fully booked', async () => {
    await saveSettings({ max_orders_per_slot: 5 });
    const answers = await Promise.all(Array.from({ length: 60 }, () => place(body(slot(0)))));
    const statuses = answers.map((answer) => answer.statusCode);
    const others = answers.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 409).map((answer) => answer.body);
    expect(others).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(55);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      detail: SLOT_FULL,
      code: 'slot_full',
      fields: { scheduled_for: SLOT_FULL },
    });
    expect(await storedIn(slot(0))).toHaveLength(5);
  });

  it('counts items by their quantities, and stores each order’s', async () => {
    await saveSettings({ max_items_per_slot: 3 });
    expect((await place(body(slot(15), 2))).statusCode).toBe(201);
    const over = await place(body(slot(15), 2));
    expect([over.statusCode, over.json().code]).toEqual([409, 'slot_full']);
    expect((await place(body(slot(15), 1))).statusCode).toBe(201);
    expect(await storedIn(slot(15))).toEqual([
      { status: 'placed', items: 2 },
      { status: 'placed', items: 1 },
    ]);
  });

  it('gives a cancelled order’s place back', async () => {
    await saveSettings({ max_orders_per_slot: 1 });
    const first: PlacedOrder = (await place(body(slot(30)))).json();
    expect((await place(body(slot(30)))).statusCode).toBe(409);
    const cancelled = await blue.call('POST', `/orders/${first.id}/transition/`, { to: 'cancelled', reason: 'Oven down' });
    expect(cancelled.status).toBe(200);
    expect((await place(body(slot(30)))).statusCode).toBe(201);
  });

  it('moves as soon as possible to the next slot with room, and its quote says so', async () => {
    await saveSettings({ max_orders_per_slot: 1 });
    // 12:00 in Chicago + 20 minutes: ready 12:20, the 12:15 slot.
    const first: PlacedOrder = (await place(body(null))).json();
    expect(first.estimated_at).toBe('2026-11-25T18:20:00.000Z');
    expect(await quote(body(null))).toMatchObject({ estimated_at: '2026-11-25T18:30:00.000Z', asap_moved: true });
    const second: PlacedOrder = (await place(body(null))).json();
    expect(second.estimated_at).toBe('2026-11-25T18:30:00.000Z');
    expect(await storedIn('2026-11-25T18:15:00.000Z')).toHaveLength(1);
    expect(await storedIn('2026-11-25T18:30:00.000Z')).toHaveLength(1);
  });
});

describe('GET /api/v2/storefront/{slug}/slots/', () => {
  it('answers the kitchen’s pace and what each slot holds, uncached; a cancelled order is not counted', async () => {
    await saveSettings({ max_orders_per_slot: 4, min_lead_minutes: 15 });
    await place(body(slot(45), 2));
    const cancelled: PlacedOrder = (await place(body(slot(45), 3))).json();
    await blue.call('POST', `/orders/${cancelled.id}/transition/`, { to: 'cancelled', reason: 'Oven down' });
    const answer = await t.app.inject({ method: 'GET', url: '/api/v2/storefront/pace-door/slots/' });
    expect(answer.headers['cache-control']).toBe('no-store');
    const { pace, taken } = answer.json() as StoreSlots;
    expect(pace).toEqual({ ...FREE_PACE, max_orders_per_slot: 4, min_lead_minutes: 15 });
    expect(taken.find((held) => held.slot === slot(45))).toEqual({ slot: slot(45), orders: 1, items: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/storefront/no-such-door/slots/' })).statusCode).toBe(404);
  });
});

describe('the pause', () => {
  it('refuses as soon as possible and slots before its end with the time it ends; later slots stay orderable', async () => {
    await fresh.database.query(`insert into restaurant_kitchen_settings (restaurant_id, paused_at, paused_until) values ($1, $2, $3)`, [
      blue.restaurantId,
      '2026-11-25T17:55:00Z',
      '2026-11-25T19:30:00Z',
    ]);
    const sentence = 'We are not taking orders until 1:30 PM. You can choose a later time.';
    for (const at of [null, '2026-11-25T19:15:00.000Z']) {
      const answer = await place(body(at));
      expect(answer.json()).toEqual({ detail: sentence, code: 'paused', fields: { scheduled_for: sentence } });
      expect(answer.statusCode).toBe(409);
    }
    expect((await place(body('2026-11-25T19:30:00.000Z'))).statusCode).toBe(201);
    // At its end it ends by itself.
    now = new Date('2026-11-25T19:30:00Z');
    expect((await place(body(null))).statusCode).toBe(201);
  });

  it('against customers ordering at that moment: each is placed or told of the pause, and none is placed once it answered', async () => {
    const before = await fresh.database.query('select count(*)::int as n from orders where restaurant_id = $1', [blue.restaurantId]);
    const inFlight = Array.from({ length: 20 }, () => place(body(null)));
    const paused = await blue.call('POST', '/orders/pause/', { minutes: 30 });
    const during = await Promise.all(inFlight);
    const after = await Promise.all(Array.from({ length: 10 }, () => place(body(null))));
    expect(paused.status).toBe(200);
    const codeOf = (answer: (typeof during)[number]) => (answer.statusCode === 201 ? 'placed' : `${answer.statusCode} ${answer.json().code}`);
    expect(new Set(during.map(codeOf))).toSatisfy((codes: Set<string>) => [...codes].every((code) => code === 'placed' || code === '409 paused'));
    expect(after.map(codeOf)).toEqual(Array(10).fill('409 paused'));
    // Every order answered 201 is stored, whole, and no other.
    const stored = await fresh.database.query('select count(*)::int as n from orders where restaurant_id = $1', [blue.restaurantId]);
    expect(Number(stored[0]!.n) - Number(before[0]!.n)).toBe(during.filter((answer) => answer.statusCode === 201).length);
  });
});

describe('auto-accept', () => {
  it('accepts a placed order at once with the default prep time, as a manual accept does', async () => {
    await saveSettings({ auto_accept: true, default_prep_minutes: 25 });
    const placed: PlacedOrder = (await place(body(null))).json();
    expect(placed.status).toBe('accepted');
    expect(placed.estimated_at).toBe('2026-11-25T18:25:00.000Z');
    const events = await fresh.database.query('select status, detail from order_events where order_id = $1 order by id', [placed.id]);
    expect(events).toEqual([
      { status: 'placed', detail: null },
      { status: 'accepted', detail: '25' },
    ]);
    await t.app.backgroundSettled();
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/accepted|confirmed/i)]));
  });

  it('leaves an order booked for a later day placed, for the board to accept in its prep window', async () => {
    await saveSettings({ auto_accept: true });
    const placed: PlacedOrder = (await place(body(slot(60)))).json();
    expect(placed.status).toBe('placed');
  });
});
