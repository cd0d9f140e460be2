import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS, type OwnerOrder, type PlaceOrderBody } from '#contracts/ordering';
import type { Page } from '#contracts/shared/lists';
import type { Storefront } from '#contracts/storefront';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { exportOrders, ordersCsv } from '#server/domain/ordering/order-export';
import { orderFilters } from '#server/domain/ordering/order-reads';
import type { StoreReaders } from '#server/domain/ordering/store-readers';
import { insertOrder } from '#tests/fixtures/ordering/insert-order';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { accessTokenFor } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { testAppForFile } from '../test-app';

/**
 * The owner's orders as CSV (issue 43): `GET /api/v2/orders/?format=csv`, every order the list's
 * filters match, the money as the JSON order says it, read in keyset batches. One server for the
 * file: tex-door in Austin (America/Chicago) with taxes, tips and a coupon, and red-door, another
 * owner's. Run on PostgreSQL too: TEST_DATABASE_URL=postgres://… npx vitest run --project server <this file>.
 */
/** Wednesday 12:00 in Chicago. */
const MIDDAY = new Date('2026-11-25T18:00:00Z');
const t = testAppForFile({ clock: () => MIDDAY, config: { orderLimitPerMinute: 100_000 } });
type Owner = { call: OwnerCall; restaurantId: number; token: string };
let tex: Owner;
let red: Owner;
let root = '';
let menu: { margherita: number; large: number; crust: number };

async function ownerOf(email: string): Promise<Owner> {
  const { call, restaurantId } = await injectedOwner(t, email);
  return { call, restaurantId, token: await accessTokenFor(t, email) };
}

beforeAll(async () => {
  tex = await ownerOf('tex@example.com');
  await seedStore(tex.call, tex.restaurantId, {
    slug: 'tex-door',
    categories: 1,
    itemsPerCategory: 1,
    location: { country: 'United States', street: '1 Congress Ave', city: 'Austin', state: 'TX', zip_code: '78701' },
  });
  red = await ownerOf('red@example.com');
  root = await accessTokenFor(t, 'root@example.com');
  const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'root@example.com' });
  await grantStaff(t.database.db, user.id, { superadmin: true });
  const pizza = ((await t.app.inject({ method: 'GET', url: '/api/v2/storefront/tex-door/' })).json() as Storefront).categories[0]!;
  menu = { margherita: pizza.items[0]!.id, large: pizza.sizes[1]!.id, crust: pizza.extra_groups[0]!.selections[0]!.id };
  expect((await tex.call('PUT', `/restaurants/${tex.restaurantId}/settings/taxes/`, TEXAS)).status).toBe(200);
  expect((await tex.call('PUT', `/restaurants/${tex.restaurantId}/settings/tips/`, TIPS_ON)).status).toBe(200);
  expect((await tex.call('POST', '/coupons/', { kind: 'percent', value: 10, code: 'Summer 10' })).status).toBe(201);
});
beforeEach(async () => {
  await t.database.query('delete from orders');
});

const TEXAS = { prices_include_tax: false, default_rate: 8.25, delivery_fee_taxable: false, category_rates: [] };
const TIPS_ON = { enabled: true, choices: [10, 15, 20], allow_custom: true };

let keys = 0;
async function place(customer: PlaceOrderBody['customer'], extra: Partial<PlaceOrderBody>): Promise<void> {
  const body: PlaceOrderBody = {
    fulfilment: 'pickup',
    lines: [{ item_id: menu.margherita, size_id: menu.large, quantity: 2, extra_selection_ids: [menu.crust] }],
    customer,
    scheduled_for: null,
    ...extra,
  };
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v2/storefront/tex-door/orders/',
    payload: body,
    headers: { 'idempotency-key': `k-${(keys += 1)}` },
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

const get = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: token === null ? {} : { authorization: `Bearer ${token}` } });

/** The file's rows as records by column; its cells here hold no comma or quote. */
function rowsOf(text: string): Record<string, string>[] {
  const [header, ...lines] = text.split('\r\n');
  expect(header).toBe(ORDER_CSV_COLUMNS.join(','));
  expect(lines.pop()).toBe('');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, index) => [ORDER_CSV_COLUMNS[index]!, cell])));
}

const MONEY = ['subtotal', 'discount', 'tax', 'tip', 'fee', 'total'] as const;

describe('GET /api/v2/orders/?format=csv', { timeout: 30_000 }, () => {
  it('writes every order with the JSON order’s money to the cent, an old order as zeros, formulas defused, no other restaurant’s', async () => {
    await place({ name: '=SUM(A1)', phone: '+1 512 555 0199', email: 'ada@example.com' }, { tip: { percent: 15 }, coupon_code: 'summer10' });
    await place({ name: 'Bob Stone', phone: '+1 512 555 0100', email: 'bob@example.com' }, { tip: { amount: 2.5 } });
    const old = await insertOrder(t.database, { restaurantId: tex.restaurantId, placedAt: new Date('2026-07-01T15:04:05Z'), status: 'completed' });
    await insertOrder(t.database, { restaurantId: red.restaurantId });

    const answer = await get('/orders/?format=csv&page_size=1', tex.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-25.csv"');
    const rows = rowsOf(answer.body);
    const listed: Page<OwnerOrder> = (await get('/orders/', tex.token)).json();
    expect(rows.map((row) => Number(row.id))).toEqual(listed.results.map((order) => order.id));
    expect(listed.results).toHaveLength(3);

    for (const [index, order] of listed.results.entries()) {
      const row = rows[index]!;
      for (const figure of MONEY) expect(row[figure]).toBe(order[figure].toFixed(2));
      expect(row).toMatchObject({
        number: String(order.number),
        status: order.status,
        fulfilment: order.fulfilment,
        customer_email: order.customer.email,
        currency: order.currency,
        coupon_code: order.coupon_code ?? '',
        prices_include_tax: String(order.prices_include_tax),
        time_zone: 'America/Chicago',
      });
    }
    // Tax, a tip and the coupon really are there (not zeros agreeing with zeros).
    const [, ada] = rows;
    expect(ada).toMatchObject({ customer_name: "'=SUM(A1)", coupon_code: 'Summer 10', placed_at: '2026-11-25T12:00:00-06:00' });
    expect(Number(ada!.tax)).toBeGreaterThan(0);
    expect(Number(ada!.tip)).toBeGreaterThan(0);
    expect(Number(ada!.discount)).toBeGreaterThan(0);
    // Placed before issue 43: its new figures read 0.00; summer time in Chicago is -05:00.
    expect(rows[2]).toEqual({
      id: String(old.id),
      number: String(old.number),
      placed_at: '2026-07-01T10:04:05-05:00',
      time_zone: 'America/Chicago',
      status: 'completed',
      fulfilment: 'pickup',
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      subtotal: '12.50',
      discount: '0.00',
      tax: '0.00',
      tip: '0.00',
      fee: '0.00',
      total: '12.50',
      currency: 'USD',
      coupon_code: '',
      prices_include_tax: 'false',
    });
  });

  it('keeps to the list’s filters and tenancy', async () => {
    const early = await insertOrder(t.database, { restaurantId: tex.restaurantId, placedAt: new Date('2026-11-24T15:00:00Z'), status: 'completed' });
    const bob = await insertOrder(t.database, {
      restaurantId: tex.restaurantId,
      placedAt: new Date('2026-11-25T15:00:00Z'),
      customer: { name: 'Bob Stone', phone: '+1 512 555 0100', email: 'bob@example.com' },
    });
    const theirs = await insertOrder(t.database, { restaurantId: red.restaurantId });
    const ids = async (url: string, token: string) => rowsOf((await get(url, token)).body).map((row) => Number(row.id));

    expect(await ids('/orders/?format=csv', tex.token)).toEqual([bob.id, early.id]);
    expect(await ids('/orders/?format=csv&status=completed', tex.token)).toEqual([early.id]);
    expect(await ids('/orders/?format=csv&search=bob', tex.token)).toEqual([bob.id]);
    expect(await ids('/orders/?format=csv&day=2026-11-24', tex.token)).toEqual([early.id]);
    expect(await ids(`/orders/?format=csv&restaurant_id=${red.restaurantId}`, root)).toEqual([theirs.id]);
    expect((await get(`/orders/?format=csv&restaurant_id=${red.restaurantId}`, tex.token)).statusCode).toBe(404);
    expect((await get('/orders/?format=csv&day=2026-11-24', root)).statusCode).toBe(400);
    expect((await get('/orders/?format=xlsx', tex.token)).statusCode).toBe(400);
    expect((await get('/orders/?format=csv', null)).statusCode).toBe(401);
    // The JSON answer is as it was.
    expect(((await get('/orders/?format=json', tex.token)).json() as Page<OwnerOrder>).count).toBe(2);
  });

  it('reads in batches that neither skip nor repeat an order, ties of one instant included, into the same file', async () => {
    const sameInstant = new Date('2026-11-25T16:00:00.123Z');
    const tied = [];
    for (let n = 0; n < 4; n += 1) tied.push(await insertOrder(t.database, { restaurantId: tex.restaurantId, placedAt: sameInstant }));
    // Microseconds no JavaScript Date holds, at the end of the first batch: the cursor must keep them.
    await t.database.query(`update orders set placed_at = '2026-11-25T16:00:00.123456Z' where id in ($1, $2)`, [tied[0]!.id, tied[1]!.id]);
    const first = await insertOrder(t.database, { restaurantId: tex.restaurantId, placedAt: new Date('2026-11-25T10:00:00Z') });
    const readers: StoreReaders = {
      store: async () => null,
      launchedRestaurant: async () => null,
      restaurants: async (_db, ids) => new Map(ids.map((id) => [id, { name: '', slug: '', time_zone: 'America/Chicago', address: '', phone: '' }])),
    };
    const scope = { allRestaurants: false, administrator: false, restaurantId: tex.restaurantId };
    const filters = await orderFilters(t.database.db, readers, scope, {});
    const batches: number[][] = [];
    for await (const batch of exportOrders(t.database.db, readers, filters, 2)) batches.push(batch.map(({ row }) => row.id));
    expect(batches).toEqual([[tied[1]!.id, tied[0]!.id], [tied[3]!.id, tied[2]!.id], [first.id]]);
    let file = '';
    for await (const chunk of ordersCsv(t.database.db, readers, filters, 2)) file += chunk;
    expect(file).toBe((await get('/orders/?format=csv', tex.token)).body);
  });
});
