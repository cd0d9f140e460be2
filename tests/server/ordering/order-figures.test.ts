import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CustomersPage, OrderStats } from '#contracts/shared/order-figures';
import { parseWith } from '#contracts/shared/validation';
import { exportCustomers } from '#server/domain/ordering/customers';
import { insertOrder } from '#tests/fixtures/ordering/insert-order';
import type { Caller } from '../menu/menu-helpers';
import { administrator, figuresTestApp, get, owner as ownerNamed, type FiguresWorld } from './order-figures-helpers';

/**
 * GET /api/v2/stats/orders/ (orders and revenue per day of the restaurant's own calendar) and
 * GET /api/v2/customers/ (its customers, counted from its orders). One server for the file; each
 * test makes its own restaurants (every figure is per restaurant), so nothing is emptied between tests.
 */
let world: FiguresWorld;
beforeAll(async () => {
  world = await figuresTestApp();
});
afterAll(() => world.t.close());
beforeEach(() => world.setNow('2026-11-27T18:00:00Z'));

let people = 0;
/** An owner with a restaurant of their own, never met before in this file. */
const owner = (name: string) => ownerNamed(world, `${name}-${(people += 1)}@example.com`);

const db = () => world.t.database;
const inZone = (restaurantId: number, zone: string) => db().query('update restaurants set time_zone = $1 where id = $2', [zone, restaurantId]);
const order = (restaurantId: number, placedAt: string, extra: { subtotalCents?: number; feeCents?: number; status?: 'cancelled' | 'completed' } = {}) =>
  insertOrder(db(), { restaurantId, placedAt: new Date(placedAt), ...extra });
const stats = async (caller: Parameters<typeof get>[2], query = '') => {
  const answer = await get(world, `/stats/orders/${query}`, caller);
  return { status: answer.status, body: answer.status === 200 ? parseWith(OrderStats, answer.json()) : answer.json() };
};

describe('GET /stats/orders/', () => {
  it("counts each order on its date in the restaurant's zone, a minute either side of midnight, and keeps the days without orders", async () => {
    const ada = await owner('ada');
    const restaurant = ada.restaurantId!;
    await inZone(restaurant, 'America/Chicago'); // UTC−6 in November: midnight there is 06:00 UTC.
    await order(restaurant, '2026-11-21T05:59:00Z', { subtotalCents: 100 }); // 20 November, 23:59: before the range.
    await order(restaurant, '2026-11-21T06:00:00Z', { subtotalCents: 200 }); // 21 November, 00:00: its first day.
    await order(restaurant, '2026-11-27T05:59:00Z', { subtotalCents: 300 }); // 26 November, 23:59.
    await order(restaurant, '2026-11-27T06:00:00Z', { subtotalCents: 400 }); // 27 November, 00:00: today.
    const { status, body } = await stats(ada, '?days=7');
    expect(status).toBe(200);
    expect(body).toEqual({
      currency: 'USD',
      time_zone: 'America/Chicago',
      country: null,
      days: 7,
      series: [
        { date: '2026-11-21', orders: 1, revenue: 2 },
        { date: '2026-11-22', orders: 0, revenue: 0 },
        { date: '2026-11-23', orders: 0, revenue: 0 },
        { date: '2026-11-24', orders: 0, revenue: 0 },
        { date: '2026-11-25', orders: 0, revenue: 0 },
        { date: '2026-11-26', orders: 1, revenue: 3 },
        { date: '2026-11-27', orders: 1, revenue: 4 },
      ],
      totals: { orders: 3, revenue: 9 },
      average_order_value: 3,
      has_orders: true,
    });
  });

  it("reads today in the restaurant's zone: just after midnight UTC it is still yesterday in Chicago", async () => {
    world.setNow('2026-11-28T01:00:00Z'); // 27 November, 19:00 in Chicago.
    const ada = await owner('ada');
    await inZone(ada.restaurantId!, 'America/Chicago');
    await order(ada.restaurantId!, '2026-11-28T00:30:00Z');
    const { body } = await stats(ada, '?days=7');
    expect(body.series.at(-1)).toEqual({ date: '2026-11-27', orders: 1, revenue: 12.5 });
    expect(body.series[0].date).toBe('2026-11-21');
  });

  it('sums money exactly, the fee included, and leaves cancelled orders out of every figure', async () => {
    const ada = await owner('ada');
    const restaurant = ada.restaurantId!;
    await order(restaurant, '2026-11-27T15:00:00Z', { subtotalCents: 10 });
    await order(restaurant, '2026-11-27T16:00:00Z', { subtotalCents: 15, feeCents: 5 });
    await order(restaurant, '2026-11-27T17:00:00Z', { subtotalCents: 5000, status: 'cancelled' });
    const { body } = await stats(ada, '?days=7');
    // 0.1 + 0.2 in floating point is 0.30000000000000004; summed in cents it is 0.3.
    expect(body.series.at(-1)).toEqual({ date: '2026-11-27', orders: 2, revenue: 0.3 });
    expect(body.totals).toEqual({ orders: 2, revenue: 0.3 });
    expect(body.average_order_value).toBe(0.15);
  });

  it('answers 30 empty days and has_orders false for a restaurant that never took an order, in its location-less default zone', async () => {
    const ada = await owner('ada');
    const { status, body } = await stats(ada);
    expect(status).toBe(200);
    expect(body.days).toBe(30);
    expect(body.time_zone).toBe('America/New_York');
    expect(body.series).toHaveLength(30);
    expect(body.series.every((day: { orders: number; revenue: number }) => day.orders === 0 && day.revenue === 0)).toBe(true);
    expect([body.series[0].date, body.series.at(-1).date]).toEqual(['2026-10-29', '2026-11-27']);
    expect(body.has_orders).toBe(false);
    expect(body.average_order_value).toBe(0);
  });

  it('says has_orders even when the only orders are cancelled or older than the range', async () => {
    const ada = await owner('ada');
    await order(ada.restaurantId!, '2026-01-05T12:00:00Z');
    const { body } = await stats(ada, '?days=90');
    expect(body.series).toHaveLength(90);
    expect(body.totals).toEqual({ orders: 0, revenue: 0 });
    expect(body.has_orders).toBe(true);
  });

  it("never counts another restaurant's orders; an owner naming it gets 404, an administrator its figures", async () => {
    const ada = await owner('ada');
    const bob = await owner('bob');
    await order(bob.restaurantId!, '2026-11-27T15:00:00Z', { subtotalCents: 999 });
    expect((await stats(ada, '?days=7')).body.totals).toEqual({ orders: 0, revenue: 0 });
    expect((await stats(ada, '?days=7')).body.has_orders).toBe(false);
    const foreign = await stats(ada, `?restaurant_id=${bob.restaurantId}`);
    expect(foreign).toEqual({ status: 404, body: { detail: 'Restaurant not found.', code: 'not_found' } });
    const staff = await administrator(world, `staff-${(people += 1)}@example.com`, 'staff');
    expect((await stats(staff, `?days=7&restaurant_id=${bob.restaurantId}`)).body.totals).toEqual({ orders: 1, revenue: 9.99 });
  });

  it('refuses what it cannot count: no restaurant, an unknown one, another range, no sign-in', async () => {
    const root = await administrator(world, `root-${(people += 1)}@example.com`, 'superadmin');
    expect(await stats(root)).toEqual({ status: 400, body: { detail: 'No active restaurant selected.', code: 'no_active_restaurant' } });
    expect((await stats(root, '?restaurant_id=999')).status).toBe(404);
    const ada = await owner('ada');
    const range = await stats(ada, '?days=14');
    expect(range.status).toBe(400);
    expect(Object.keys(range.body.fields)).toEqual(['days']);
    expect((await stats(null)).status).toBe(401);
  });
});

type Customer = { name: string; email: string };
const orderBy = (restaurantId: number, customer: Customer, placedAt: string, extra: { subtotalCents?: number; status?: 'cancelled' } = {}) =>
  insertOrder(world.t.database, { restaurantId, customer: { ...customer, phone: '+1 312 555 0100' }, placedAt: new Date(placedAt), ...extra });
const customers = async (caller: Caller | null, query = '') => {
  const answer = await get(world, `/customers/${query}`, caller);
  return { status: answer.status, body: answer.status === 200 ? parseWith(CustomersPage, answer.json()) : answer.json() };
};

/** In Chicago: Ada twice (her email typed in two cases, her name changed), Bob once, Carol only cancelled; and Dan at another restaurant. */
async function orders() {
  const ada = await owner('owner-a');
  const other = await owner('owner-b');
  const restaurant = ada.restaurantId!;
  await inZone(restaurant, 'America/Chicago');
  await orderBy(restaurant, { name: 'Ada Byron', email: 'Ada@Example.com' }, '2026-11-20T12:00:00Z', { subtotalCents: 1010 });
  await orderBy(restaurant, { name: 'Bob Stone', email: 'bob@example.com' }, '2026-11-22T12:00:00Z', { subtotalCents: 2000 });
  await orderBy(restaurant, { name: 'Ada Lovelace', email: 'ada@example.com' }, '2026-11-25T12:00:00Z', { subtotalCents: 2020 });
  await orderBy(restaurant, { name: 'Carol Cancel', email: 'carol@example.com' }, '2026-11-26T12:00:00Z', { status: 'cancelled' });
  await orderBy(restaurant, { name: 'Ada Lovelace', email: 'ada@example.com' }, '2026-11-26T13:00:00Z', { status: 'cancelled' });
  await orderBy(other.restaurantId!, { name: 'Dan Elsewhere', email: 'dan@example.com' }, '2026-11-27T12:00:00Z');
  return { ada, other };
}

describe('GET /customers/', () => {
  it('groups orders by email, named as on the latest, the latest to order first; cancelled orders and other restaurants count nowhere', async () => {
    const { ada } = await orders();
    const { status, body } = await customers(ada);
    expect(status).toBe(200);
    expect(body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          orders: 2,
          total_spent: 30.3,
          currency: 'USD',
          last_order_at: '2026-11-25T12:00:00.000Z',
          time_zone: 'America/Chicago',
          // No location in this file's restaurants: none to write times by.
          country: null,
        },
        {
          name: 'Bob Stone',
          email: 'bob@example.com',
          orders: 1,
          total_spent: 20,
          currency: 'USD',
          last_order_at: '2026-11-22T12:00:00.000Z',
          time_zone: 'America/Chicago',
          country: null,
        },
      ],
    });
  });

  it('finds a customer by the name on their latest order or by email, a typed % taken literally', async () => {
    const { ada } = await orders();
    const names = async (search: string) => (await customers(ada, `?search=${encodeURIComponent(search)}`)).body.results.map((c: Customer) => c.name);
    expect(await names('lovelace')).toEqual(['Ada Lovelace']);
    expect(await names('BOB@')).toEqual(['Bob Stone']);
    expect(await names('example.com')).toEqual(['Ada Lovelace', 'Bob Stone']);
    expect(await names('%')).toEqual([]);
    expect(await names('dan')).toEqual([]);
  });

  it('takes a cancelled order off its customer: the orders, the money and the last order go back; a customer left with none goes', async () => {
    const ada = await owner('owner-a');
    const restaurant = ada.restaurantId!;
    await orderBy(restaurant, { name: 'Bob Stone', email: 'bob@example.com' }, '2026-11-20T12:00:00Z', { subtotalCents: 1000 });
    const latest = await orderBy(restaurant, { name: 'Robert Stone', email: 'bob@example.com' }, '2026-11-24T12:00:00Z', { subtotalCents: 2000 });
    const only = await orderBy(restaurant, { name: 'Carol Once', email: 'carol@example.com' }, '2026-11-25T12:00:00Z');
    const before = (await customers(ada)).body.results;
    expect(before.map((c: Customer & { orders: number }) => [c.name, c.orders])).toEqual([
      ['Carol Once', 1],
      ['Robert Stone', 2],
    ]);
    for (const order of [latest, only]) await world.t.database.query(`update orders set status = 'cancelled' where id = $1`, [order.id]);
    expect((await customers(ada)).body).toMatchObject({
      count: 1,
      results: [{ name: 'Bob Stone', email: 'bob@example.com', orders: 1, total_spent: 10, last_order_at: '2026-11-20T12:00:00.000Z' }],
    });
  });

  it('pages with links and a count, and refuses a page size over 500 or an unknown field', async () => {
    const ada = await owner('owner-a');
    for (let n = 1; n <= 5; n += 1) await orderBy(ada.restaurantId!, { name: `Guest ${n}`, email: `guest${n}@example.com` }, `2026-11-2${n}T12:00:00Z`);
    const second = await customers(ada, '?page=2&page_size=2');
    expect(second.body.count).toBe(5);
    expect(second.body.results.map((c: Customer) => c.name)).toEqual(['Guest 3', 'Guest 2']);
    expect(second.body.next).toBe('/api/v2/customers/?page=3&page_size=2');
    expect(second.body.previous).toBe('/api/v2/customers/?page=1&page_size=2');
    const beyond = await customers(ada, '?page=9&page_size=2');
    expect([beyond.body.count, beyond.body.results]).toEqual([5, []]);
    const tooMany = await customers(ada, '?page_size=501');
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.fields)).toEqual(['page_size']);
    expect((await customers(ada, '?sort=name')).status).toBe(400);
  });

  it('downloads every matching customer as CSV, not one page, with spreadsheet formulas defused', async () => {
    const ada = await owner('owner-a');
    await orderBy(ada.restaurantId!, { name: '=HYPERLINK("x")', email: 'eve@example.com' }, '2026-11-26T12:00:00Z', { subtotalCents: 1999 });
    await orderBy(ada.restaurantId!, { name: 'Bob Stone', email: 'bob@example.com' }, '2026-11-25T12:00:00Z');
    const answer = await get(world, '/customers/?format=csv&page_size=1', ada);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="customers-2026-11-27.csv"');
    expect(answer.text).toBe(
      'name,email,orders,total_spent,currency,last_order_at\r\n' +
        `"'=HYPERLINK(""x"")",eve@example.com,1,19.99,USD,2026-11-26T12:00:00.000Z\r\n` +
        'Bob Stone,bob@example.com,1,12.5,USD,2026-11-25T12:00:00.000Z\r\n',
    );
    const searched = await get(world, '/customers/?format=csv&search=bob', ada);
    expect(searched.text.split('\r\n').slice(1, -1)).toEqual(['Bob Stone,bob@example.com,1,12.5,USD,2026-11-25T12:00:00.000Z']);
  });

  it('reads the download in batches that neither skip nor repeat a customer, ties of one instant included', async () => {
    const ada = await owner('owner-a');
    const emails = ['e@example.com', 'a@example.com', 'd@example.com', 'b@example.com', 'c@example.com'];
    for (const email of emails) await orderBy(ada.restaurantId!, { name: email, email }, '2026-11-26T12:00:00.123456Z');
    await orderBy(ada.restaurantId!, { name: 'Early', email: 'early@example.com' }, '2026-11-01T12:00:00Z');
    const batches: string[][] = [];
    for await (const batch of exportCustomers(world.t.database.db, { restaurantId: ada.restaurantId! }, 2)) batches.push(batch.map((c) => c.email));
    expect(batches).toEqual([
      ['a@example.com', 'b@example.com'],
      ['c@example.com', 'd@example.com'],
      ['e@example.com', 'early@example.com'],
    ]);
  });

  it("keeps customers to their restaurant: an owner naming another gets 404, an administrator that restaurant's customers", async () => {
    const { ada, other } = await orders();
    expect(await customers(ada, `?restaurant_id=${other.restaurantId}`)).toEqual({ status: 404, body: { detail: 'Restaurant not found.', code: 'not_found' } });
    const staff = await administrator(world, `staff-${(people += 1)}@example.com`, 'staff');
    expect((await customers(staff, `?restaurant_id=${other.restaurantId}`)).body.results.map((c: Customer) => c.email)).toEqual(['dan@example.com']);
    expect((await customers(staff)).status).toBe(400);
    expect((await customers(null)).status).toBe(401);
    expect((await get(world, '/customers/?format=csv', null)).status).toBe(401);
  });
});
