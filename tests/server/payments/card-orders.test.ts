import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon } from '#contracts/ordering/coupons';
import type { PlacedOrder, PlaceOrderBody, TrackedOrder } from '#contracts/ordering';
import { expireUnpaid, type CardPayments } from '#server/domain/ordering/card-payments';
import { stripeProvider } from '#server/domain/payments/stripe-provider';
import type { StripeDouble } from '#tests/doubles/stripe/stripe-double';
import type { OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { memoryMailer } from '../accounts/auth-helpers';
import type { TestApp } from '../test-app';
import { startCardStore, type CardStore } from './card-store';

/**
 * Card orders against the Stripe double (issue 44): stored awaiting their payment, out of the
 * kitchen's sight, with the provider's page; placed by the signed webhook or the customer's return,
 * whichever comes first, once whatever the repeats; expired unpaid with the coupon given back;
 * captured on completion, released on cancel. The app listens on a port so the double's webhooks
 * reach it as Stripe's would.
 */
// The double keeps Stripe's clock (the real one): the app's starts there too, and the expiry test moves it on.
let now = new Date();
const mailer = memoryMailer();
let stripe: StripeDouble;
let t: TestApp;
let owner: { call: OwnerCall; restaurantId: number };
let menu: { dish: number; size: number; crust: number };
let keys = 0;

let store: CardStore;

beforeAll(async () => {
  store = await startCardStore({ slug: 'card-door', ownerEmail: 'card@example.com', mailer, clock: () => now });
  ({ stripe, t, owner, menu } = store);
}, 60_000);
afterAll(async () => {
  await store?.close();
});
beforeEach(async () => {
  await t.app.backgroundSettled();
  mailer.sent.length = 0;
});

const body = (overrides: Partial<PlaceOrderBody> = {}): PlaceOrderBody => ({
  fulfilment: 'pickup',
  lines: [{ item_id: menu.dish, size_id: menu.size, quantity: 2, extra_selection_ids: [menu.crust] }],
  customer: { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' },
  scheduled_for: null,
  payment: 'card',
  ...overrides,
});
const place = (sent: PlaceOrderBody, key = `card-${(keys += 1)}`) =>
  t.app.inject({ method: 'POST', url: '/api/v2/storefront/card-door/orders/', payload: sent, headers: { 'idempotency-key': key } });
const track = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/v2/orders/track/${token}/` })).json() as TrackedOrder;
const sessionOf = (order: PlacedOrder) => new URL(order.payment.checkout_url!).pathname.split('/').pop()!;
const ownerOrders = async () => (await owner.call('GET', '/orders/')).body as { count: number; results: { id: number }[] };
const placedEvents = async (orderId: number) =>
  Number((await t.database.query(`select count(*)::int as n from order_events where order_id = ${orderId} and status = 'placed'`))[0]!.n);

/** What the server's minute sweep runs with (it reads no store: it only closes pages and expires orders). */
const sweeper = (): CardPayments => ({
  db: t.database.db,
  provider: stripeProvider({ secretKey: stripe.secretKey, webhookSecret: store.webhookSecret, apiUrl: stripe.url }),
  readers: {
    store: () => Promise.reject(new Error('the sweep reads no store')),
    launchedRestaurant: () => Promise.reject(new Error('the sweep reads no store')),
    restaurants: () => Promise.reject(new Error('the sweep reads no restaurant')),
  },
  publicUrl: 'http://localhost',
  clock: () => now,
});

async function placedByCard(overrides: Partial<PlaceOrderBody> = {}): Promise<PlacedOrder> {
  const answer = await place(body(overrides));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as PlacedOrder;
}

describe('a card order', { timeout: 30_000 }, () => {
  it('waits for its payment out of the kitchen’s sight, with one payment page however often it is placed again', async () => {
    const first = await place(body(), 'same-key');
    const order = first.json() as PlacedOrder;
    expect(order).toMatchObject({ status: 'awaiting_payment', timeline: [], payment: { method: 'card', state: 'pending', paid: 0 } });
    expect(order.payment.checkout_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    expect(stripe.session(sessionOf(order))).toMatchObject({
      amount_total: Math.round(order.total * 100),
      currency: 'usd',
      metadata: { order_id: String(order.id) },
    });
    const again = (await place(body(), 'same-key')).json() as PlacedOrder;
    expect(again.payment.checkout_url).toBe(order.payment.checkout_url);
    expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && !request.replayed)).toHaveLength(1);
    expect((await ownerOrders()).results.map((listed) => listed.id)).not.toContain(order.id);
    expect((await owner.call('GET', `/orders/${order.id}/`)).status).toBe(404);
    const moved = await owner.call('POST', `/orders/${order.id}/transition/`, { to: 'accepted', prep_minutes: 15 });
    expect([moved.status, (moved.body as { code: string }).code]).toEqual([409, 'transition_not_allowed']);
    await t.app.backgroundSettled();
    expect(mailer.sent).toEqual([]);
  });

  it('reaches the board once when paid, whatever the order and the repeats of the webhook and the customer’s return', async () => {
    const order = await placedByCard();
    stripe.holdWebhooks();
    expect(stripe.pay(sessionOf(order)).redirectTo).toContain(`/card-door/orders/${order.token}?payment=done`);
    // The customer is back before Stripe's events: the return asks Stripe and places the order.
    const returned = await t.app.inject({ method: 'POST', url: `/api/v2/orders/track/${order.token}/payment/` });
    expect(returned.json()).toMatchObject({ status: 'placed', payment: { method: 'card', state: 'authorized', paid: order.total } });
    stripe.releaseWebhooks('reversed');
    await stripe.webhooksSettled();
    for (const event of stripe.events('checkout.session.completed')) stripe.resend(event.event.id);
    await stripe.webhooksSettled();
    await t.app.inject({ method: 'POST', url: `/api/v2/orders/track/${order.token}/payment/` });
    expect(stripe.events().every((sent) => sent.deliveries.every((delivery) => 'status' in delivery && delivery.status === 200))).toBe(true);
    expect(await placedEvents(order.id)).toBe(1);
    expect((await ownerOrders()).results.map((listed) => listed.id)).toContain(order.id);
    await t.app.backgroundSettled();
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual(['ada@example.com', 'hello@bluedoor.example']);
  });

  it('is placed by the webhook alone when the customer never comes back', async () => {
    const order = await placedByCard();
    stripe.pay(sessionOf(order));
    await stripe.webhooksSettled();
    expect(await track(order.token)).toMatchObject({ status: 'placed', payment: { state: 'authorized' } });
  });

  it('is placed by Stripe’s PaymentIntent event alone, for an endpoint that hears of no Checkout Session', async () => {
    const order = await placedByCard();
    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v2/payments/stripe/webhook/`;
    // Nothing is delivered while the customer pays: then only the PaymentIntent's event is.
    stripe.setWebhookUrl(undefined);
    stripe.pay(sessionOf(order));
    stripe.setWebhookUrl(url);
    expect(await track(order.token)).toMatchObject({ status: 'awaiting_payment' });
    const intentEvent = stripe.events('payment_intent.amount_capturable_updated').at(-1)!;
    stripe.resend(intentEvent.event.id);
    await stripe.webhooksSettled();
    expect(await track(order.token)).toMatchObject({ status: 'placed', payment: { state: 'authorized', paid: order.total } });
    expect(await placedEvents(order.id)).toBe(1);
  });

  it('holds its slot while awaiting payment, and is accepted by itself once paid where the kitchen auto-accepts', async () => {
    const kitchen = `/restaurants/${owner.restaurantId}/settings/kitchen/`;
    const settings = { max_orders_per_slot: 1, max_items_per_slot: null, min_lead_minutes: 0, auto_accept: true, default_prep_minutes: 25 };
    expect((await owner.call('PUT', kitchen, settings)).status).toBe(200);
    try {
      const waiting = await placedByCard();
      const slotOf = async (orderId: number) =>
        ((await t.database.query(`select slot_at from orders where id = ${orderId}`))[0]!.slot_at as Date).toISOString();
      // The slot's one place is the unpaid order's: the next order, wanted as soon as possible, takes the next slot.
      const next = await placedByCard({ payment: 'in_person' });
      expect(Date.parse(await slotOf(next.id)) - Date.parse(await slotOf(waiting.id))).toBe(15 * 60_000);
      expect(next.status).toBe('accepted');
      stripe.pay(sessionOf(waiting));
      await stripe.webhooksSettled();
      expect(await track(waiting.token)).toMatchObject({ status: 'accepted', payment: { state: 'authorized' } });
      const accepted = await t.database.query(`select detail from order_events where order_id = ${waiting.id} and status = 'accepted'`);
      expect(accepted).toEqual([{ detail: '25' }]);
    } finally {
      await t.database.query(`delete from restaurant_kitchen_settings where restaurant_id = ${owner.restaurantId}`);
    }
  });

  it('is captured when completed and released when cancelled, each with its own key', async () => {
    const kept = await placedByCard();
    const dropped = await placedByCard();
    for (const order of [kept, dropped]) stripe.pay(sessionOf(order));
    await stripe.webhooksSettled();
    await owner.call('POST', `/orders/${kept.id}/transition/`, { to: 'accepted', prep_minutes: 15 });
    await owner.call('POST', `/orders/${kept.id}/transition/`, { to: 'ready' });
    const completed = await owner.call('POST', `/orders/${kept.id}/transition/`, { to: 'completed' });
    expect(completed.body).toMatchObject({ status: 'completed', payment: { state: 'captured', paid: kept.total } });
    expect(stripe.payment(sessionOf(kept))?.intent).toMatchObject({ status: 'succeeded', amount_received: Math.round(kept.total * 100) });
    const cancelled = await owner.call('POST', `/orders/${dropped.id}/transition/`, { to: 'cancelled', reason: 'Out of dough' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', payment: { state: 'released', paid: 0 } });
    expect(stripe.payment(sessionOf(dropped))?.intent).toMatchObject({ status: 'canceled' });
    const keysUsed = stripe.requests
      .filter((request) => request.method === 'POST' && request.path.startsWith('/v1/payment_intents/'))
      .map((request) => request.idempotencyKey);
    expect(keysUsed).toEqual(expect.arrayContaining([`order-${kept.id}-capture`, `order-${dropped.id}-release`]));
  });

  it('expires unpaid after its window, its coupon use given back, and a payment page closed', async () => {
    const coupon = (await owner.call('POST', '/coupons/', { code: 'ONCE', kind: 'percent', value: 10, max_uses: 1, restaurant_id: owner.restaurantId }))
      .body as Coupon;
    const order = await placedByCard({ coupon_code: 'once' });
    const refused = await place(body({ coupon_code: 'ONCE', customer: { name: 'Bo', phone: '+1 312 555 0100', email: 'bo@example.com' } }));
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'coupon_used_up']);
    const before = now;
    now = new Date(now.getTime() + 32 * 60_000);
    await expireUnpaid(sweeper());
    // Back, so the owner's session (15 minutes) still holds for the rest of the file.
    now = before;
    expect(await track(order.token)).toMatchObject({ status: 'expired', payment: { state: 'expired' } });
    expect(stripe.session(sessionOf(order)).status).toBe('expired');
    expect(((await owner.call('GET', `/coupons/${coupon.id}/`)).body as Coupon).uses).toBe(0);
    const later = await place(body({ coupon_code: 'ONCE', customer: { name: 'Bo', phone: '+1 312 555 0100', email: 'bo@example.com' } }));
    expect(later.statusCode).toBe(201);
  });
});

describe('the provider’s side', { timeout: 30_000 }, () => {
  it('takes only signed events: a bad signature is refused (400) and changes nothing', async () => {
    const order = await placedByCard();
    const forged = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: { id: sessionOf(order) } } });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/stripe/webhook/',
      payload: forged,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect([answer.statusCode, answer.json().code]).toEqual([400, 'bad_signature']);
    expect((await track(order.token)).status).toBe('awaiting_payment');
  });

  it('refuses an event body far larger than Stripe sends (413) before verifying it', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/stripe/webhook/',
      payload: JSON.stringify({ id: 'evt_big', pad: 'x'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toHaveProperty('detail');
  });

  it('says so in a sentence when Stripe cannot be reached, and the same order goes through on the retry', async () => {
    // One placing's call and the SDK's two retries of it.
    stripe.failNext(3);
    const failed = await place(body(), 'flaky-key');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      code: 'payment_unavailable',
      detail: 'Card payment is not available right now and nothing was charged. Please try again in a moment.',
    });
    const retried = await place(body(), 'flaky-key');
    expect(retried.statusCode).toBe(201);
    expect((retried.json() as PlacedOrder).payment.checkout_url).toMatch(/\/pay\/cs_test_/);
  });

  it('refuses a card order where the store takes none, on the field `payment`', async () => {
    await owner.call('PUT', `/restaurants/${owner.restaurantId}/settings/payments/`, { card_online: false, in_person: true });
    const answer = await place(body());
    expect(answer.json()).toMatchObject({ code: 'payment_not_offered', fields: { payment: 'This store does not take card payments online.' } });
    await owner.call('PUT', `/restaurants/${owner.restaurantId}/settings/payments/`, { card_online: true, in_person: true });
  });
});
