import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderStats } from '#contracts/shared/order-figures';
import { parseWith } from '#contracts/shared/validation';
import { insertOrder } from '#tests/fixtures/ordering/insert-order';
import { administrator, emptyTables, figuresTestApp, get, owner, type FiguresWorld } from './order-figures-helpers';

/** GET /api/v2/stats/orders/: orders and revenue per day of the restaurant's own calendar. */
let world: FiguresWorld;
beforeAll(async () => {
  world = await figuresTestApp();
});
afterAll(() => world.t.close());
beforeEach(async () => {
  await emptyTables(world.t);
  world.setNow('2026-11-27T18:00:00Z');
});

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
    const ada = await owner(world, 'ada@example.com');
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
    const ada = await owner(world, 'ada@example.com');
    await inZone(ada.restaurantId!, 'America/Chicago');
    await order(ada.restaurantId!, '2026-11-28T00:30:00Z');
    const { body } = await stats(ada, '?days=7');
    expect(body.series.at(-1)).toEqual({ date: '2026-11-27', orders: 1, revenue: 12.5 });
    expect(body.series[0].date).toBe('2026-11-21');
  });

  it('sums money exactly, the fee included, and leaves cancelled orders out of every figure', async () => {
    const ada = await owner(world, 'ada@example.com');
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
    const ada = await owner(world, 'ada@example.com');
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
    const ada = await owner(world, 'ada@example.com');
    await order(ada.restaurantId!, '2026-01-05T12:00:00Z');
    const { body } = await stats(ada, '?days=90');
    expect(body.series).toHaveLength(90);
    expect(body.totals).toEqual({ orders: 0, revenue: 0 });
    expect(body.has_orders).toBe(true);
  });

  it("never counts another restaurant's orders; an owner naming it gets 404, an administrator its figures", async () => {
    const ada = await owner(world, 'ada@example.com');
    const bob = await owner(world, 'bob@example.com');
    await order(bob.restaurantId!, '2026-11-27T15:00:00Z', { subtotalCents: 999 });
    expect((await stats(ada, '?days=7')).body.totals).toEqual({ orders: 0, revenue: 0 });
    expect((await stats(ada, '?days=7')).body.has_orders).toBe(false);
    const foreign = await stats(ada, `?restaurant_id=${bob.restaurantId}`);
    expect(foreign).toEqual({ status: 404, body: { detail: 'Restaurant not found.', code: 'not_found' } });
    const staff = await administrator(world, 'staff@example.com', 'staff');
    expect((await stats(staff, `?days=7&restaurant_id=${bob.restaurantId}`)).body.totals).toEqual({ orders: 1, revenue: 9.99 });
  });

  it('refuses what it cannot count: no restaurant, an unknown one, another range, no sign-in', async () => {
    const root = await administrator(world, 'root@example.com', 'superadmin');
    expect(await stats(root)).toEqual({ status: 400, body: { detail: 'No active restaurant selected.', code: 'no_active_restaurant' } });
    expect((await stats(root, '?restaurant_id=999')).status).toBe(404);
    const ada = await owner(world, 'ada@example.com');
    const range = await stats(ada, '?days=14');
    expect(range.status).toBe(400);
    expect(Object.keys(range.body.fields)).toEqual(['days']);
    expect((await stats(null)).status).toBe(401);
  });
});
