import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_CSV_COLUMNS, MoneyStats, type MoneyTotals } from '#contracts/ordering/money-stats';
import { parseWith } from '#contracts/shared/validation';
import { insertOrder } from '#tests/fixtures/ordering/insert-order';
import type { Caller } from '../menu/menu-helpers';
import { administrator, figuresTestApp, get, owner as ownerNamed, type FiguresWorld } from './order-figures-helpers';

/**
 * GET /api/v2/stats/money/ (issue 43, the Money screen): a restaurant's money per day of its own
 * calendar. One server for the file; each test makes its own restaurants, so nothing is emptied
 * between tests. The expected figures are summed here from the orders the test stored, in cents,
 * and each order's date in the restaurant's zone is read with Intl, not with the server's SQL.
 */
let world: FiguresWorld;
beforeAll(async () => {
  world = await figuresTestApp();
});
afterAll(() => world.t.close());
beforeEach(() => world.setNow('2026-11-27T18:00:00Z'));

let people = 0;
const owner = (name: string) => ownerNamed(world, `${name}-${(people += 1)}@example.com`);
const db = () => world.t.database;
const inZone = (restaurantId: number, zone: string) => db().query('update restaurants set time_zone = $1 where id = $2', [zone, restaurantId]);

/** An order's money as placement stores it: the total is the engine's (tax added only when prices exclude it). */
type Money = { subtotal: number; discount?: number; tax?: number; tip?: number; fee?: number; inclusive?: boolean };
type Method = 'card' | 'in_person';
type Stored = { id: number; restaurantId: number; placedAt: string; cancelled: boolean; method: Method; cents: Required<Money> & { total: number } };
/** A refund as the refund route records it: a row of order_refunds, and the order's refunded cents raised. */
type Refunded = { order: Stored; at: string; cents: number };

async function order(
  restaurantId: number,
  placedAt: string,
  money: Money,
  status: 'completed' | 'cancelled' | 'placed' = 'completed',
  method: Method = 'in_person',
): Promise<Stored> {
  const cents = { discount: 0, tax: 0, tip: 0, fee: 0, inclusive: false, ...money };
  const total = cents.subtotal - cents.discount + (cents.inclusive ? 0 : cents.tax) + cents.fee + cents.tip;
  const { id } = await insertOrder(db(), { restaurantId, placedAt: new Date(placedAt), subtotalCents: cents.subtotal, feeCents: cents.fee, status });
  await db().query('update orders set discount_cents = $2, tax_cents = $3, tip_cents = $4, prices_include_tax = $5, total_cents = $6 where id = $1', [
    id,
    cents.discount,
    cents.tax,
    cents.tip,
    cents.inclusive,
    total,
  ]);
  if (method === 'card') {
    // Paid and captured, as a completed card order is (a cancelled one's payment released).
    const captured = status === 'cancelled' ? 0 : total;
    await db().query(`update orders set payment_method = 'card', payment_state = $2, authorized_cents = $3, captured_cents = $4 where id = $1`, [
      id,
      status === 'cancelled' ? 'released' : 'captured',
      total,
      captured,
    ]);
  }
  return { id, restaurantId, placedAt, cancelled: status === 'cancelled', method, cents: { ...cents, total } };
}

async function refund(refunded: Stored, at: string, cents: number): Promise<Refunded> {
  await db().query(`insert into order_refunds (order_id, amount_cents, reason, at) values ($1, $2, 'Cold pizza', $3)`, [refunded.id, cents, at]);
  await db().query('update orders set refunded_cents = refunded_cents + $2 where id = $1', [refunded.id, cents]);
  return { order: refunded, at, cents };
}

/** The date an instant has on the zone's calendar, by Intl (en-CA writes YYYY-MM-DD). */
const dateIn = (zone: string, iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));

/** What the answer must say for these orders and refunds, summed in cents from the stored rows. */
function expectedFigures(orders: Stored[], refunds: Refunded[] = []): MoneyTotals {
  const counted = orders.filter((stored) => !stored.cancelled);
  const sum = (pick: (stored: Stored) => number) => counted.reduce((total, stored) => total + pick(stored), 0);
  const by = (method: Method) => sum((s) => (s.method === method ? s.cents.total : 0));
  const refundCents = refunds.filter((given) => !given.order.cancelled).reduce((total, given) => total + given.cents, 0);
  return {
    orders: counted.length,
    gross_sales: sum((s) => s.cents.subtotal) / 100,
    discounts: sum((s) => s.cents.discount) / 100,
    tax: sum((s) => s.cents.tax) / 100,
    tips: sum((s) => s.cents.tip) / 100,
    delivery_fees: sum((s) => s.cents.fee) / 100,
    card: by('card') / 100,
    in_person: by('in_person') / 100,
    refunds: refundCents / 100,
    net: (sum((s) => s.cents.total) - refundCents) / 100,
  };
}

const money = async (caller: Caller | null, query = '') => {
  const answer = await get(world, `/stats/money/${query}`, caller);
  return { status: answer.status, body: answer.status === 200 ? parseWith(MoneyStats, answer.json()) : answer.json() };
};

describe('GET /stats/money/', () => {
  it("adds each day up from its orders in the restaurant's zone, the totals equal to every order's sum, cancelled ones left out", async () => {
    const ada = await owner('ada');
    const bob = await owner('bob');
    const chicago = ada.restaurantId!;
    const london = bob.restaurantId!;
    await inZone(chicago, 'America/Chicago');
    await inZone(london, 'Europe/London');
    const zones = { [chicago]: 'America/Chicago', [london]: 'Europe/London' };
    // Instants either side of Chicago's midnight and across its change back to standard time (1 November, a day of 25 hours).
    const instants = ['2026-10-31T04:59:00Z', '2026-10-31T05:00:00Z', '2026-11-02T05:30:00Z', '2026-11-02T06:00:00Z', '2026-11-03T23:30:00Z'];
    const stored: Stored[] = [];
    for (const [index, at] of instants.entries()) {
      stored.push(await order(chicago, at, { subtotal: 1999 + index, discount: 200 * index, tax: 165 + index, tip: 300 * index, fee: index % 2 ? 499 : 0 }));
      // The same instants in London fall on other days; its prices include VAT, which the total never adds.
      stored.push(await order(london, at, { subtotal: 1200 + index, tax: 200, inclusive: true, fee: 250 }));
    }
    stored.push(await order(chicago, '2026-11-02T18:00:00Z', { subtotal: 5000, tax: 413, tip: 750 }, 'cancelled'));
    stored.push(await order(chicago, '2026-11-02T19:00:00Z', { subtotal: 1001, tax: 83 }, 'placed'));

    for (const [caller, restaurantId] of [
      [ada, chicago],
      [bob, london],
    ] as const) {
      const { status, body } = await money(caller, '?from=2026-10-30&to=2026-11-04');
      expect(status).toBe(200);
      const mine = stored.filter((s) => s.restaurantId === restaurantId);
      expect(body.days.map((day: { date: string }) => day.date)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
      for (const day of body.days) {
        const { date, ...figures } = day;
        expect(figures, date).toEqual(expectedFigures(mine.filter((s) => dateIn(zones[restaurantId]!, s.placedAt) === date)));
      }
      expect(body.totals).toEqual(expectedFigures(mine));
      expect(body.time_zone).toBe(zones[restaurantId]);
    }
    // What a test could get wrong by itself: Chicago's days as counted by hand.
    const { body } = await money(ada, '?from=2026-10-30&to=2026-11-04');
    expect(body.days.map((day: { orders: number }) => day.orders)).toEqual([1, 1, 1, 2, 1, 0]);
    expect(body.totals).toMatchObject({ orders: 6, gross_sales: 110.06, net: 139.22 });
  });

  it('answers every day of a range without orders as zeros, and this month so far when no dates are given', async () => {
    world.setNow('2026-12-01T03:00:00Z'); // Still 30 November, 22:00, in New York.
    const ada = await owner('ada');
    const empty = await money(ada, '?from=2026-02-27&to=2026-03-01');
    expect(empty.body).toEqual({
      currency: 'USD',
      time_zone: 'America/New_York',
      country: null,
      days: ['2026-02-27', '2026-02-28', '2026-03-01'].map((date) => ({ date, ...expectedFigures([]) })),
      totals: expectedFigures([]),
    });
    await order(ada.restaurantId!, '2026-11-01T12:00:00Z', { subtotal: 1000 });
    await order(ada.restaurantId!, '2026-12-01T05:00:00Z', { subtotal: 700 }); // 1 December in New York: tomorrow.
    const month = await money(ada);
    expect(month.body.days).toHaveLength(30);
    expect([month.body.days[0].date, month.body.days.at(-1).date]).toEqual(['2026-11-01', '2026-11-30']);
    expect(month.body.totals).toMatchObject({ orders: 1, gross_sales: 10, net: 10 });
  });

  it('takes a range of 366 days and refuses a longer one, a reversed one, half of one, a date that does not exist, on the field to change', async () => {
    const ada = await owner('ada');
    const year = await money(ada, '?from=2028-01-01&to=2028-12-31');
    expect([year.status, year.body.days?.length]).toEqual([200, 366]);
    const refusals = {
      '?from=2027-01-01&to=2028-01-02': { to: 'Choose at most 366 days.' },
      '?from=2026-11-05&to=2026-11-04': { to: 'The last day cannot be before the first day.' },
      '?from=2026-11-05': { to: 'Give both dates, or neither for this month.' },
      '?to=2026-11-05': { from: 'Give both dates, or neither for this month.' },
      '?from=2026-02-30&to=2026-03-01': { from: '2026-02-30 is not a date of the calendar.' },
      '?from=11/05/2026&to=2026-11-06': { from: 'Give the date as YYYY-MM-DD.' },
    };
    for (const [query, fields] of Object.entries(refusals)) {
      expect(await money(ada, query), query).toEqual({ status: 400, body: { detail: 'Some fields are not valid.', code: 'invalid', fields } });
    }
    expect((await money(ada, '?format=xlsx')).status).toBe(400);
  });

  it("never counts another restaurant's orders; an owner naming it gets 404, an administrator its figures", async () => {
    const ada = await owner('ada');
    const bob = await owner('bob');
    const bobs = [await order(bob.restaurantId!, '2026-11-20T15:00:00Z', { subtotal: 999, tip: 100 })];
    const range = '?from=2026-11-01&to=2026-11-27';
    expect((await money(ada, range)).body.totals).toEqual(expectedFigures([]));
    expect(await money(ada, `${range}&restaurant_id=${bob.restaurantId}`)).toEqual({
      status: 404,
      body: { detail: 'Restaurant not found.', code: 'not_found' },
    });
    expect((await money(ada, `${range}&format=csv&restaurant_id=${bob.restaurantId}`)).status).toBe(404);
    const staff = await administrator(world, `staff-${(people += 1)}@example.com`, 'staff');
    expect((await money(staff, `${range}&restaurant_id=${bob.restaurantId}`)).body.totals).toEqual(expectedFigures(bobs));
    expect(await money(staff, range)).toEqual({ status: 400, body: { detail: 'No active restaurant selected.', code: 'no_active_restaurant' } });
    expect((await money(null, range)).status).toBe(401);
  });

  it('answers the same figures as CSV, a row per day and a total row, named by the range', async () => {
    const ada = await owner('ada');
    await order(ada.restaurantId!, '2026-11-20T15:00:00Z', { subtotal: 1999, discount: 200, tax: 148, tip: 300, fee: 499 });
    await order(ada.restaurantId!, '2026-11-22T15:00:00Z', { subtotal: 1050 });
    const range = '?from=2026-11-20&to=2026-11-22';
    const json = (await money(ada, range)).body as MoneyStats;
    const answer = await get(world, `/stats/money/${range}&format=csv`, ada);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="money-2026-11-20-to-2026-11-22.csv"');
    const [header, ...rows] = answer.text.split('\r\n').slice(0, -1);
    expect(header).toBe(MONEY_CSV_COLUMNS.join(','));
    const read = rows.map((row) => Object.fromEntries(row.split(',').map((cell, index) => [MONEY_CSV_COLUMNS[index], cell])));
    const written = (date: string, figures: MoneyTotals) => ({
      date,
      ...Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, String(value)])),
      currency: 'USD',
    });
    expect(read).toEqual([...json.days.map(({ date, ...figures }) => written(date, figures)), written('total', json.totals)]);
    expect(rows[0]).toBe('2026-11-20,1,19.99,2,1.48,3,4.99,0,27.46,0,27.46,USD');
  });

  it('splits each day between card and in person, and takes refunds off on the day they were given in the zone, of counted orders only', async () => {
    const ada = await owner('ada');
    const bob = await owner('bob');
    const chicago = ada.restaurantId!;
    await inZone(chicago, 'America/Chicago');
    const zone = 'America/Chicago';
    const card = await order(chicago, '2026-11-20T18:00:00Z', { subtotal: 2400, tax: 198, tip: 300 }, 'completed', 'card');
    const counter = await order(chicago, '2026-11-20T19:00:00Z', { subtotal: 1250 });
    const evening = await order(chicago, '2026-11-21T23:00:00Z', { subtotal: 1800, fee: 499 }, 'completed', 'card');
    const released = await order(chicago, '2026-11-21T20:00:00Z', { subtotal: 3000 }, 'cancelled', 'card');
    const earlier = await order(chicago, '2026-11-10T18:00:00Z', { subtotal: 1500 }, 'completed', 'card');
    const bobs = await order(bob.restaurantId!, '2026-11-20T18:00:00Z', { subtotal: 1000 }, 'completed', 'card');
    const refunds = [
      // 23:30 on the 20th in Chicago, though the 21st in UTC.
      await refund(card, '2026-11-21T05:30:00Z', 500),
      await refund(card, '2026-11-22T16:00:00Z', 250),
      // An order placed before the range, refunded within it: a day of refunds alone.
      await refund(earlier, '2026-11-22T17:00:00Z', 1500),
      // After the range: not yet.
      await refund(evening, '2026-11-23T15:00:00Z', 499),
    ];
    await refund(bobs, '2026-11-21T15:00:00Z', 1000);
    // A cancelled order counts nowhere, so neither does a refund of it (one only SQL can make: a cancel releases the card).
    await db().query('update orders set captured_cents = 3000 where id = $1', [released.id]);
    const cancelledRefund = await refund(released, '2026-11-21T21:00:00Z', 3000);

    const { status, body } = await money(ada, '?from=2026-11-20&to=2026-11-22');
    expect(status).toBe(200);
    const inRange = refunds.filter((given) => given.at < '2026-11-23T06:00:00Z');
    for (const day of body.days) {
      const { date, ...figures } = day;
      const placed = [card, counter, evening, released].filter((s) => dateIn(zone, s.placedAt) === date);
      const given = [...inRange, cancelledRefund].filter((r) => dateIn(zone, r.at) === date);
      expect(figures, date).toEqual(expectedFigures(placed, given));
    }
    expect(body.totals).toEqual(expectedFigures([card, counter, evening, released], [...inRange, cancelledRefund]));
    // By hand: card 24.00 + 1.98 + 3.00, then 18.00 + 4.99; in person 12.50; refunds 5.00, then 2.50 + 15.00.
    expect(body.days.map((day: MoneyTotals) => [day.card, day.in_person, day.refunds, day.net])).toEqual([
      [28.98, 12.5, 5, 36.48],
      [22.99, 0, 0, 22.99],
      [0, 0, 17.5, -17.5],
    ]);
    expect(body.totals).toMatchObject({ orders: 3, card: 51.97, in_person: 12.5, refunds: 22.5, net: 41.97 });
  });
});
