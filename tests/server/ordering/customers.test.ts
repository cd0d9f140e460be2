import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CustomersPage } from '#contracts/shared/order-figures';
import { parseWith } from '#contracts/shared/validation';
import { exportCustomers } from '#server/domain/ordering/customers';
import { insertOrder } from '#tests/fixtures/ordering/insert-order';
import type { Caller } from '../menu/menu-helpers';
import { administrator, emptyTables, figuresTestApp, get, owner, type FiguresWorld } from './order-figures-helpers';

/** GET /api/v2/customers/: a restaurant's customers, counted from its orders. */
let world: FiguresWorld;
beforeAll(async () => {
  world = await figuresTestApp();
});
afterAll(() => world.t.close());
beforeEach(() => emptyTables(world.t));

type Customer = { name: string; email: string };
const order = (restaurantId: number, customer: Customer, placedAt: string, extra: { subtotalCents?: number; status?: 'cancelled' } = {}) =>
  insertOrder(world.t.database, { restaurantId, customer: { ...customer, phone: '+1 312 555 0100' }, placedAt: new Date(placedAt), ...extra });
const customers = async (caller: Caller | null, query = '') => {
  const answer = await get(world, `/customers/${query}`, caller);
  return { status: answer.status, body: answer.status === 200 ? parseWith(CustomersPage, answer.json()) : answer.json() };
};

/** Ada twice (her email typed in two cases, her name changed), Bob once, Carol only cancelled; and Dan at another restaurant. */
async function orders() {
  const ada = await owner(world, 'owner-a@example.com');
  const other = await owner(world, 'owner-b@example.com');
  const restaurant = ada.restaurantId!;
  await order(restaurant, { name: 'Ada Byron', email: 'Ada@Example.com' }, '2026-11-20T12:00:00Z', { subtotalCents: 1010 });
  await order(restaurant, { name: 'Bob Stone', email: 'bob@example.com' }, '2026-11-22T12:00:00Z', { subtotalCents: 2000 });
  await order(restaurant, { name: 'Ada Lovelace', email: 'ada@example.com' }, '2026-11-25T12:00:00Z', { subtotalCents: 2020 });
  await order(restaurant, { name: 'Carol Cancel', email: 'carol@example.com' }, '2026-11-26T12:00:00Z', { status: 'cancelled' });
  await order(restaurant, { name: 'Ada Lovelace', email: 'ada@example.com' }, '2026-11-26T13:00:00Z', { status: 'cancelled' });
  await order(other.restaurantId!, { name: 'Dan Elsewhere', email: 'dan@example.com' }, '2026-11-27T12:00:00Z');
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
        { name: 'Ada Lovelace', email: 'ada@example.com', orders: 2, total_spent: 30.3, currency: 'USD', last_order_at: '2026-11-25T12:00:00.000Z' },
        { name: 'Bob Stone', email: 'bob@example.com', orders: 1, total_spent: 20, currency: 'USD', last_order_at: '2026-11-22T12:00:00.000Z' },
      ],
    });
  });

  it('finds a customer by any name they ordered under or by email, a typed % taken literally', async () => {
    const { ada } = await orders();
    const names = async (search: string) => (await customers(ada, `?search=${encodeURIComponent(search)}`)).body.results.map((c: Customer) => c.name);
    expect(await names('byron')).toEqual(['Ada Lovelace']);
    expect(await names('BOB@')).toEqual(['Bob Stone']);
    expect(await names('example.com')).toEqual(['Ada Lovelace', 'Bob Stone']);
    expect(await names('%')).toEqual([]);
    expect(await names('dan')).toEqual([]);
  });

  it('pages with links and a count, and refuses a page size over 500 or an unknown field', async () => {
    const ada = await owner(world, 'owner-a@example.com');
    for (let n = 1; n <= 5; n += 1) await order(ada.restaurantId!, { name: `Guest ${n}`, email: `guest${n}@example.com` }, `2026-11-2${n}T12:00:00Z`);
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
    const ada = await owner(world, 'owner-a@example.com');
    await order(ada.restaurantId!, { name: '=HYPERLINK("x")', email: 'eve@example.com' }, '2026-11-26T12:00:00Z', { subtotalCents: 1999 });
    await order(ada.restaurantId!, { name: 'Bob Stone', email: 'bob@example.com' }, '2026-11-25T12:00:00Z');
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
    const ada = await owner(world, 'owner-a@example.com');
    const emails = ['e@example.com', 'a@example.com', 'd@example.com', 'b@example.com', 'c@example.com'];
    for (const email of emails) await order(ada.restaurantId!, { name: email, email }, '2026-11-26T12:00:00.123456Z');
    await order(ada.restaurantId!, { name: 'Early', email: 'early@example.com' }, '2026-11-01T12:00:00Z');
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
    const staff = await administrator(world, 'staff@example.com', 'staff');
    expect((await customers(staff, `?restaurant_id=${other.restaurantId}`)).body.results.map((c: Customer) => c.email)).toEqual(['dan@example.com']);
    expect((await customers(staff)).status).toBe(400);
    expect((await customers(null)).status).toBe(401);
    expect((await get(world, '/customers/?format=csv', null)).status).toBe(401);
  });
});
