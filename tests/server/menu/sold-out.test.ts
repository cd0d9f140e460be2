import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationWords } from '#contracts/ordering/notifications';
import type { PlaceOrderBody } from '#contracts/ordering';
import type { Storefront } from '#contracts/storefront';
import { sweepSoldOut } from '#server/domain/menu/sold-out';
import { EVERY_DAY_9_TO_21 } from '#tests/fixtures/storefront/hours';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { injectedOwner } from '../owner-calls';
import { testAppForFile } from '../test-app';

/**
 * Sold out (86) until a time (issue 45, item 3) at the server: blue-door is open 09:00 to 21:00
 * in Chicago (UTC−6 in November); the file's clock starts at noon there, Wednesday 25 November.
 * red-door is another owner's.
 */
const NOON = new Date('2026-11-25T18:00:00Z');
let now = NOON;
const t = testAppForFile({ clock: () => now, config: { orderLimitPerMinute: 100_000 } });
const CUSTOMER = { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' };
let blue: { call: OwnerCall; restaurantId: number };
let red: { call: OwnerCall; restaurantId: number };
let itemId = 0;
let itemName = '';
let selectionId = 0;
let selectionName = '';
let order: PlaceOrderBody;

const store = async (): Promise<Storefront> => (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/blue-door/' })).json();
const itemUrl = (id: number) => `/menu/items/${id}/sold-out/`;
const selectionUrl = (id: number) => `/menu/extra-options/selections/${id}/sold-out/`;
const stored = async (id: number) => (await t.database.query('select sold_out_until from menu_items where id = $1', [id]))[0]!.sold_out_until as Date | null;

let keys = 0;
const place = async (body: PlaceOrderBody = order) => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v2/storefront/blue-door/orders/',
    payload: body,
    headers: { 'idempotency-key': `k-${(keys += 1)}` },
  });
  return { status: answer.statusCode, body: answer.json() };
};
const quote = async (body: PlaceOrderBody = order) =>
  (await t.app.inject({ method: 'POST', url: '/api/v2/storefront/blue-door/quote/', payload: body })).json();

beforeAll(async () => {
  blue = await injectedOwner(t, 'blue@example.com');
  await seedStore(blue.call, blue.restaurantId, { slug: 'blue-door', categories: 1, itemsPerCategory: 2 });
  await blue.call('PUT', `/onboarding/${blue.restaurantId}/hours/`, EVERY_DAY_9_TO_21);
  red = await injectedOwner(t, 'red@example.com');
  const pizza = (await store()).categories[0]!;
  ({ id: itemId, name: itemName } = pizza.items[0]!);
  ({ id: selectionId, name: selectionName } = pizza.extra_groups[0]!.selections[0]!);
  const line = { item_id: itemId, size_id: pizza.sizes[0]!.id, quantity: 1, extra_selection_ids: [selectionId] };
  order = { fulfilment: 'pickup', lines: [line], customer: CUSTOMER, scheduled_for: null, note: '' };
});
beforeEach(async () => {
  now = NOON;
  await t.database.query('update menu_items set sold_out_until = null');
  await t.database.query('update extra_selections set sold_out_until = null');
  await t.database.query('delete from restaurant_notifications');
});

describe('POST and DELETE /api/v2/menu/items/{id}/sold-out/', { timeout: 30_000 }, () => {
  it('sells out until close: the end of today’s opening, 21:00 in Chicago', async () => {
    expect(await blue.call('POST', itemUrl(itemId), { until: 'close' })).toEqual({
      status: 200,
      body: { id: itemId, sold_out_until: '2026-11-26T03:00:00.000Z' },
    });
    expect(await stored(itemId)).toEqual(new Date('2026-11-26T03:00:00Z'));
  });

  it('sells out until close of the next opening when closed now (07:00, before the 09:00 opening)', async () => {
    now = new Date('2026-11-25T13:00:00Z');
    expect((await blue.call('POST', itemUrl(itemId), { until: 'close' })).body).toEqual({ id: itemId, sold_out_until: '2026-11-26T03:00:00.000Z' });
    now = new Date('2026-11-26T04:00:00Z'); // 22:00, after closing: the next close is Thursday’s
    expect((await blue.call('POST', itemUrl(itemId), { until: 'close' })).body).toEqual({ id: itemId, sold_out_until: '2026-11-27T03:00:00.000Z' });
  });

  it('sells out until tomorrow: the restaurant’s next midnight', async () => {
    expect((await blue.call('POST', itemUrl(itemId), { until: 'tomorrow' })).body).toEqual({ id: itemId, sold_out_until: '2026-11-26T06:00:00.000Z' });
  });

  it('sells out until a date and time, and DELETE puts it back on sale', async () => {
    expect((await blue.call('POST', itemUrl(itemId), { until: '2026-11-27T12:30:00-06:00' })).body).toEqual({
      id: itemId,
      sold_out_until: '2026-11-27T18:30:00.000Z',
    });
    // Without an offset, as a date-and-time field gives it: the restaurant's clock (Chicago), not the server's.
    expect((await blue.call('POST', itemUrl(itemId), { until: '2026-11-27T12:45' })).body).toEqual({
      id: itemId,
      sold_out_until: '2026-11-27T18:45:00.000Z',
    });
    expect(await blue.call('DELETE', itemUrl(itemId))).toEqual({ status: 200, body: { id: itemId, sold_out_until: null } });
    expect(await stored(itemId)).toBeNull();
  });

  it.each([
    [{}, 'until'],
    [{ until: 'soon' }, 'until'],
    [{ until: '2026-11-27 12:30' }, 'until'],
    [{ until: '2026-11-27T24:30' }, 'until'],
    [{ until: '2026-11-25T17:59:00Z' }, 'until'],
    [{ until: '2026-12-25T18:00:01Z' }, 'until'],
    [{ until: 42 }, 'until'],
  ])('refuses %j with 400 naming the field, and changes nothing', async (body, field) => {
    await blue.call('POST', itemUrl(itemId), { until: 'close' });
    const answer = await blue.call('POST', itemUrl(itemId), body);
    expect([answer.status, Object.keys((answer.body as { fields: object }).fields)]).toEqual([400, [field]]);
    expect(await stored(itemId)).toEqual(new Date('2026-11-26T03:00:00Z'));
  });

  it('answers 404 to another restaurant’s owner, for POST and DELETE, and changes nothing', async () => {
    await blue.call('POST', itemUrl(itemId), { until: 'close' });
    for (const [method, url] of [
      ['POST', itemUrl(itemId)],
      ['DELETE', itemUrl(itemId)],
      ['POST', selectionUrl(selectionId)],
    ] as const) {
      const answer = await red.call(method, url, method === 'POST' ? { until: 'tomorrow' } : undefined);
      expect([answer.status, (answer.body as { code: string }).code]).toEqual([404, 'not_found']);
    }
    expect(await stored(itemId)).toEqual(new Date('2026-11-26T03:00:00Z'));
    expect((await blue.call('POST', itemUrl(999_999), { until: 'close' })).status).toBe(404);
  });
});

describe('a sold-out item or selection at the store and in orders', { timeout: 30_000 }, () => {
  it('shows in the store data, refuses the order with 409 and the line’s field, and returns by itself at the time', async () => {
    const before = (await store()).version;
    await blue.call('POST', itemUrl(itemId), { until: 'close' });
    const data = await store();
    expect(data.version).toBeGreaterThan(before);
    expect(data.categories[0]!.items[0]!.sold_out_until).toBe('2026-11-26T03:00:00.000Z');
    expect(data.categories[0]!.items[1]!.sold_out_until).toBeUndefined();
    const sentence = `${itemName} is sold out until 9:00 PM. Please remove it from your order.`;
    expect(await place()).toEqual({ status: 409, body: { detail: sentence, code: 'sold_out', fields: { 'lines.0.item_id': sentence } } });
    expect((await quote()).refusals).toEqual([{ field: 'lines.0.item_id', code: 'sold_out', detail: sentence }]);
    now = new Date('2026-11-26T02:59:59Z');
    expect((await place()).status).toBe(409);
    now = new Date('2026-11-26T03:00:00Z');
    // Closed at 21:00 itself: schedule the order for tomorrow, when the item is on sale again.
    expect((await place({ ...order, scheduled_for: '2026-11-26T16:00:00Z' })).status).toBe(201);
  });

  it('gives the store a new ETag the moment a sold-out time passes, before any sweep raises its version', async () => {
    await blue.call('POST', itemUrl(itemId), { until: '2026-11-25T20:00:00Z' });
    now = new Date('2026-11-25T19:59:59Z');
    const before = await t.app.inject({ method: 'GET', url: '/api/v2/storefront/blue-door/' });
    now = new Date('2026-11-25T20:00:01Z');
    const after = await t.app.inject({ method: 'GET', url: '/api/v2/storefront/blue-door/', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Storefront).version).toBe((before.json() as Storefront).version);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('against customers ordering at that moment: each is placed or refused, and none is placed once the owner’s 86 answered', async () => {
    const count = async () => Number((await t.database.query('select count(*)::int as n from orders'))[0]!.n);
    const before = await count();
    const inFlight = Array.from({ length: 20 }, () => place());
    const marked = await blue.call('POST', itemUrl(itemId), { until: 'close' });
    const during = await Promise.all(inFlight);
    const after = await Promise.all(Array.from({ length: 10 }, () => place()));
    expect(marked.status).toBe(200);
    const codeOf = (answer: { status: number; body: { code?: string } }) => (answer.status === 201 ? 'placed' : `${answer.status} ${answer.body.code}`);
    expect(during.map(codeOf).filter((code) => code !== 'placed' && code !== '409 sold_out')).toEqual([]);
    expect(after.map(codeOf)).toEqual(Array(10).fill('409 sold_out'));
    expect((await count()) - before).toBe(during.filter((answer) => answer.status === 201).length);
  });

  it('refuses a line whose extra selection is sold out, naming the selection and the field', async () => {
    await blue.call('POST', selectionUrl(selectionId), { until: 'tomorrow' });
    const sentence = `${selectionName} is sold out until tomorrow. Please remove it from your order.`;
    expect(await place()).toEqual({ status: 409, body: { detail: sentence, code: 'sold_out', fields: { 'lines.0.extra_selection_ids': sentence } } });
    expect((await blue.call('DELETE', selectionUrl(selectionId))).body).toEqual({ id: selectionId, sold_out_until: null });
    expect((await place()).status).toBe(201);
  });
});

describe('the sweep that puts items back on sale', { timeout: 30_000 }, () => {
  it('clears passed times only, and tells the restaurant once per item, however many sweeps run', async () => {
    await blue.call('POST', itemUrl(itemId), { until: 'close' });
    await blue.call('POST', selectionUrl(selectionId), { until: 'tomorrow' });
    expect(await sweepSoldOut(t.database.db, new Date('2026-11-26T02:59:00Z'))).toBe(0);
    const later = new Date('2026-11-26T03:00:00Z');
    const counts = await Promise.all([sweepSoldOut(t.database.db, later), sweepSoldOut(t.database.db, later), sweepSoldOut(t.database.db, later)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await stored(itemId)).toBeNull();
    const rows = await t.database.query('select restaurant_id, kind, subject_id, detail from restaurant_notifications order by id');
    expect(rows).toEqual([{ restaurant_id: blue.restaurantId, kind: 'item_back', subject_id: itemId, detail: { name: itemName } }]);
    expect(await sweepSoldOut(t.database.db, new Date('2026-11-26T06:00:00Z'))).toBe(1);
    const [selection] = await t.database.query('select kind, subject_id from restaurant_notifications where kind = $1', ['selection_back']);
    expect(selection).toEqual({ kind: 'selection_back', subject_id: selectionId });
    // The owner's feed says both, in its words.
    const feed = (await blue.call('GET', '/notifications/')).body as { results: Array<{ kind: string; detail: Record<string, string> }> };
    expect(feed.results.map((row) => notificationWords(row as Parameters<typeof notificationWords>[0]))).toEqual([
      expect.stringMatching(/^.+ \(.+\) is back on sale$/),
      `${itemName} is back on sale`,
    ]);
  });

  it('works in batches: 120 items due come back in one sweep, each told once', async () => {
    const [item] = (await t.database.query('select category_id from menu_items where id = $1', [itemId])) as Array<{ category_id: number }>;
    const categoryId = item!.category_id;
    await t.database.query(
      `insert into menu_items (category_id, name, price, sold_out_until) select $1, 'Dish ' || n, 5, $2::timestamptz from generate_series(1, 120) n`,
      [categoryId, '2026-11-25T19:00:00Z'],
    );
    expect(await sweepSoldOut(t.database.db, new Date('2026-11-25T19:00:00Z'))).toBe(120);
    const [told] = (await t.database.query(`select count(*)::int as count from restaurant_notifications where kind = 'item_back'`)) as Array<{ count: number }>;
    expect(told!.count).toBe(120);
    await t.database.query(`delete from menu_items where name like 'Dish %'`);
  });
});
