import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrder, PlaceOrderBody } from '#contracts/ordering';
import { notificationWords, type NotificationsPage } from '#contracts/ordering/notifications';
import { UNREAD_COUNTED_MAX } from '#contracts/shared/new-orders';
import { expireUnpaid, type CardPayments } from '#server/domain/ordering/card-payments';
import { stripeProvider } from '#server/domain/payments/stripe-provider';
import type { StripeDouble } from '#tests/doubles/stripe/stripe-double';
import type { OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { memoryMailer } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import type { TestApp } from '../test-app';
import { startCardStore, type CardStore } from '../payments/card-store';

/**
 * The restaurant's feed (issue 45): each kind written by its cause, in the cause's transaction;
 * newest first, keyset-paged; marked read by ids or all; only the restaurant's own rows.
 */
let now = new Date();
const mailer = memoryMailer();
let stripe: StripeDouble;
let t: TestApp;
let owner: { call: OwnerCall; restaurantId: number };
let stranger: { call: OwnerCall; restaurantId: number };
let menu: { dish: number; size: number; crust: number };
let keys = 0;
let store: CardStore;

beforeAll(async () => {
  store = await startCardStore({ slug: 'feed-door', ownerEmail: 'feed@example.com', mailer, clock: () => now });
  ({ stripe, t, owner, menu } = store);
  stranger = await injectedOwner(t, 'other-feed@example.com');
}, 60_000);
afterAll(async () => {
  await store?.close();
});
beforeEach(async () => {
  await t.app.backgroundSettled();
  await t.database.query('delete from restaurant_notifications');
});

const body = (overrides: Partial<PlaceOrderBody> = {}): PlaceOrderBody => ({
  fulfilment: 'pickup',
  lines: [{ item_id: menu.dish, size_id: menu.size, quantity: 2, extra_selection_ids: [menu.crust] }],
  customer: { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' },
  scheduled_for: null,
  payment: 'in_person',
  ...overrides,
});
async function placed(overrides: Partial<PlaceOrderBody> = {}): Promise<PlacedOrder> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v2/storefront/feed-door/orders/',
    payload: body(overrides),
    headers: { 'idempotency-key': `feed-${(keys += 1)}` },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as PlacedOrder;
}
const sessionOf = (order: PlacedOrder) => new URL(order.payment.checkout_url!).pathname.split('/').pop()!;
const feed = async (query = '', call: OwnerCall = owner.call) => {
  const answer = await call('GET', `/notifications/${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as NotificationsPage;
};
const words = (page: NotificationsPage) => page.results.map(notificationWords);
const sweeper = (): CardPayments => ({
  db: t.database.db,
  provider: stripeProvider({ secretKey: stripe.secretKey, webhookSecret: store.webhookSecret, apiUrl: stripe.url }),
  readers: {
    store: () => Promise.reject(new Error('no store')),
    launchedRestaurant: () => Promise.reject(new Error('no store')),
    restaurants: () => Promise.reject(new Error('no restaurant')),
  },
  publicUrl: 'http://localhost',
  clock: () => now,
});
const money = (amount: number) => `$${amount.toFixed(2)}`;

describe('each kind is written by its cause', { timeout: 30_000 }, () => {
  it('a new in-person order at once, a card order only when paid', async () => {
    const inPerson = await placed();
    const byCard = await placed({ payment: 'card' });
    expect(words(await feed())).toEqual([`New order #${inPerson.number} · ${money(inPerson.total)}`]);
    stripe.pay(sessionOf(byCard));
    await stripe.webhooksSettled();
    const page = await feed();
    expect(words(page)).toEqual([`New order #${byCard.number} · ${money(byCard.total)}`, `New order #${inPerson.number} · ${money(inPerson.total)}`]);
    expect(page.results.map((row) => [row.kind, row.order_id, row.read])).toEqual([
      ['order_placed', byCard.id, false],
      ['order_placed', inPerson.id, false],
    ]);
    expect(page.unread).toBe(2);
    expect(page.clock).toMatchObject({ time_zone: expect.any(String) });
  });

  it('a cancel with its reason; a refused move writes nothing', async () => {
    const order = await placed();
    const refused = await owner.call('POST', `/orders/${order.id}/transition/`, { to: 'cancelled' });
    expect(refused.status).toBe(400);
    expect(await owner.call('POST', `/orders/${order.id}/transition/`, { to: 'cancelled', reason: 'Out of stock' })).toMatchObject({ status: 200 });
    expect(words(await feed())).toEqual([`Order #${order.number} cancelled: Out of stock`, `New order #${order.number} · ${money(order.total)}`]);
  });

  it('a card payment not made in time, and the coupon whose last use it was', async () => {
    await owner.call('POST', '/coupons/', { code: 'LAST1', kind: 'percent', value: 10, max_uses: 1, restaurant_id: owner.restaurantId });
    const order = await placed({ payment: 'card', coupon_code: 'last1' });
    const coupon = (await feed()).results;
    expect(coupon.map((row) => [row.kind, row.order_id, notificationWords(row)])).toEqual([['coupon_exhausted', null, 'Coupon LAST1 has been used up']]);
    expect(coupon[0]!.subject_id).toEqual(expect.any(Number));
    const before = now;
    now = new Date(now.getTime() + 32 * 60_000);
    await expireUnpaid(sweeper());
    now = before;
    expect(words(await feed())).toEqual([`Card payment failed for order #${order.number}`, 'Coupon LAST1 has been used up']);
  });

  it('a refund with its amount once made; one whose answer never came waits to be made', async () => {
    const order = await placed({ payment: 'card' });
    stripe.pay(sessionOf(order));
    await stripe.webhooksSettled();
    for (const to of ['accepted', 'ready', 'completed']) await owner.call('POST', `/orders/${order.id}/transition/`, { to, prep_minutes: 15 });
    await t.database.query('delete from restaurant_notifications');
    expect(await owner.call('POST', `/orders/${order.id}/refunds/`, { amount: 5, reason: 'Cold' })).toMatchObject({ status: 201 });
    stripe.failNext(3);
    expect(await owner.call('POST', `/orders/${order.id}/refunds/`, { amount: 2, reason: 'Outage' })).toMatchObject({ status: 202 });
    // Pending: not in the feed until Stripe's word or the sweep says it was made.
    expect(words(await feed())).toEqual([`$5.00 refunded on order #${order.number}`]);
  });
});

describe('reading and marking', { timeout: 30_000 }, () => {
  const seed = async (restaurantId: number, n: number) => {
    for (let i = 1; i <= n; i += 1) {
      await t.database.query(`insert into restaurant_notifications (restaurant_id, kind, detail) values ($1, 'item_back', $2)`, [
        restaurantId,
        JSON.stringify({ name: `Dish ${i}` }),
      ]);
    }
  };

  it('pages newest first with before and limit, every row once', async () => {
    await seed(owner.restaurantId, 5);
    const first = await feed('?limit=2');
    expect(words(first)).toEqual(['Dish 5 is back on sale', 'Dish 4 is back on sale']);
    const second = await feed(`?limit=2&before=${first.next_before}`);
    expect(words(second)).toEqual(['Dish 3 is back on sale', 'Dish 2 is back on sale']);
    const last = await feed(`?limit=2&before=${second.next_before}`);
    expect([words(last), last.next_before, last.unread]).toEqual([['Dish 1 is back on sale'], null, 5]);
    for (const bad of ['?limit=0', '?limit=101', '?before=x']) expect((await owner.call('GET', `/notifications/${bad}`)).status).toBe(400);
  });

  it('marks named rows read, then all; counts the unread', async () => {
    await seed(owner.restaurantId, 3);
    const page = await feed();
    const marked = await owner.call('POST', '/notifications/read/', { ids: [page.results[0]!.id] });
    expect(marked).toMatchObject({ status: 200, body: { marked: 1, unread: 2 } });
    expect((await feed()).results.map((row) => row.read)).toEqual([true, false, false]);
    expect(await owner.call('POST', '/notifications/read/', { all: true })).toMatchObject({ status: 200, body: { marked: 2, unread: 0 } });
    expect((await owner.call('POST', '/notifications/read/', { ids: [] })).status).toBe(400);
    expect((await owner.call('POST', '/notifications/read/', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).status).toBe(400);
  });

  it('shows and marks only the restaurant’s own rows; another’s restaurant_id answers 404', async () => {
    await seed(owner.restaurantId, 1);
    await seed(stranger.restaurantId, 2);
    const own = await feed();
    const theirs = await feed('', stranger.call);
    expect([words(own), own.unread, theirs.unread]).toEqual([['Dish 1 is back on sale'], 1, 2]);
    expect(await stranger.call('POST', '/notifications/read/', { ids: [own.results[0]!.id] })).toMatchObject({ body: { marked: 0, unread: 2 } });
    expect((await feed()).unread).toBe(1);
    expect(await stranger.call('POST', '/notifications/read/', { all: true })).toMatchObject({ body: { marked: 2, unread: 0 } });
    expect((await feed()).unread).toBe(1);
    expect((await stranger.call('GET', `/notifications/?restaurant_id=${owner.restaurantId}`)).status).toBe(404);
    expect((await stranger.call('POST', '/notifications/read/', { all: true, restaurant_id: owner.restaurantId })).status).toBe(404);
  });

  it('counts each restaurant’s own unread beside its waiting orders for the sidebar, up to 100', async () => {
    const sidebar = async (call: OwnerCall) => (await call('GET', '/orders/new-count/')).body as { count: number; unread_notifications?: number };
    await seed(owner.restaurantId, 2);
    await seed(stranger.restaurantId, UNREAD_COUNTED_MAX + 1);
    expect((await sidebar(owner.call)).unread_notifications).toBe(2);
    // Counting stops at the bound: the sidebar says "99+" past 99.
    expect((await sidebar(stranger.call)).unread_notifications).toBe(UNREAD_COUNTED_MAX);
    await owner.call('POST', '/notifications/read/', { all: true });
    expect((await sidebar(owner.call)).unread_notifications).toBe(0);
  });
});
