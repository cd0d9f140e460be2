import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerOrder, PlacedOrder, PlaceOrderBody } from '#contracts/ordering';
import type { StripeDouble } from '#tests/doubles/stripe/stripe-double';
import type { OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { confirmPendingRefunds } from '#server/domain/ordering/refund-confirmations';
import { stripeProvider } from '#server/domain/payments/stripe-provider';
import { memoryMailer } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import type { TestApp } from '../test-app';
import { startCardStore, type CardStore } from './card-store';

/**
 * Refunds from the owner's order view (issue 44, item 4) against the Stripe double: an amount or
 * chosen lines, with a reason, at most what is left of the captured money, recorded with who gave
 * it; a refund Stripe refuses records nothing, one whose answer never came is pending until the
 * sweep or Stripe's event says it was made; refunds at once never give back more than was taken.
 */
const mailer = memoryMailer();
let stripe: StripeDouble;
let t: TestApp;
let owner: { call: OwnerCall; restaurantId: number };
let stranger: { call: OwnerCall; restaurantId: number };
let menu: { dish: number; size: number; crust: number };
let keys = 0;

let store: CardStore;

beforeAll(async () => {
  store = await startCardStore({ slug: 'refund-door', ownerEmail: 'refunds@example.com', mailer });
  ({ stripe, t, owner, menu } = store);
  stranger = await injectedOwner(t, 'other-refunds@example.com');
}, 60_000);
afterAll(async () => {
  await store?.close();
});
beforeEach(async () => {
  await t.app.backgroundSettled();
  mailer.sent.length = 0;
});

const body = (payment: PlaceOrderBody['payment'] = 'card'): PlaceOrderBody => ({
  fulfilment: 'pickup',
  lines: [
    { item_id: menu.dish, size_id: menu.size, quantity: 2, extra_selection_ids: [menu.crust] },
    { item_id: menu.dish, size_id: menu.size, quantity: 1, extra_selection_ids: [menu.crust], note: 'No basil' },
  ],
  customer: { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' },
  scheduled_for: null,
  payment,
});

async function placed(payment: PlaceOrderBody['payment'] = 'card'): Promise<PlacedOrder> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v2/storefront/refund-door/orders/',
    payload: body(payment),
    headers: { 'idempotency-key': `refund-${(keys += 1)}` },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as PlacedOrder;
}

/** A card order paid and accepted: authorised, not captured. */
async function paidOrder(): Promise<PlacedOrder> {
  const order = await placed();
  stripe.pay(new URL(order.payment.checkout_url!).pathname.split('/').pop()!);
  await stripe.webhooksSettled();
  await owner.call('POST', `/orders/${order.id}/transition/`, { to: 'accepted', prep_minutes: 15 });
  return order;
}

/** A card order completed: its payment captured. */
async function capturedOrder(): Promise<OwnerOrder> {
  const order = await paidOrder();
  await owner.call('POST', `/orders/${order.id}/transition/`, { to: 'ready' });
  const completed = await owner.call('POST', `/orders/${order.id}/transition/`, { to: 'completed' });
  expect(completed.body).toMatchObject({ payment: { state: 'captured', paid: order.total } });
  await t.app.backgroundSettled();
  mailer.sent.length = 0;
  return completed.body as OwnerOrder;
}

const refund = (orderId: number, sent: unknown, call: OwnerCall = owner.call) => call('POST', `/orders/${orderId}/refunds/`, sent);
const charged = (orderId: number) =>
  stripe.requests.filter((request) => request.path === '/v1/refunds' && request.idempotencyKey?.startsWith(`order-${orderId}-`));
const cents = (amount: number) => Math.round(amount * 100);
const toAmount = (value: number) => value / 100;

/** The minute sweep's part for refunds, at the time `clock` says. */
const sweeper = (clock: () => Date) => () =>
  confirmPendingRefunds({
    db: t.database.db,
    provider: stripeProvider({ secretKey: stripe.secretKey, webhookSecret: store.webhookSecret, apiUrl: stripe.url }),
    clock,
  });

describe('refunding a captured card order', { timeout: 30_000 }, () => {
  it('gives back an amount with its reason, shows it on the order with who gave it, and mails the customer', async () => {
    const order = await capturedOrder();
    const answer = await refund(order.id, { amount: 4.5, reason: '  Cold pizza ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      id: order.id,
      payment: { state: 'captured', paid: order.total, refunded: 4.5 },
      refunds: [{ amount: 4.5, reason: 'Cold pizza', by: 'refunds@example.com', line_positions: null }],
    });
    expect(stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1)?.idempotencyKey).toMatch(new RegExp(`^order-${order.id}-refund-\\d+$`));
    const read = await owner.call('GET', `/orders/${order.id}/`);
    expect((read.body as OwnerOrder).refunds).toHaveLength(1);
    await t.app.backgroundSettled();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'ada@example.com', subject: `Refund for order #${order.number}` });
    expect(mailer.sent[0]!.text).toContain(`refunded $4.50 of your order #${order.number} to your card`);
    expect(mailer.sent[0]!.text).toContain('Reason: Cold pizza');
  });

  it('gives back chosen lines as their totals, each line once, and refuses a line the order does not have', async () => {
    const order = await capturedOrder();
    const second = order.lines[1]!.line_total;
    const answer = await refund(order.id, { line_positions: [1], reason: 'Forgot the second pizza' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ payment: { refunded: second }, refunds: [{ amount: second, line_positions: [1] }] });
    expect(stripe.payment((await stripeSessionOf(order.id))!)?.charge?.amount_refunded).toBe(cents(second));
    const again = await refund(order.id, { line_positions: [1], reason: 'Twice' });
    expect([again.status, again.body]).toEqual([400, expect.objectContaining({ fields: { line_positions: 'Line 2 was refunded already.' } })]);
    const unknown = await refund(order.id, { line_positions: [7], reason: 'No such line' });
    expect([unknown.status, unknown.body]).toEqual([400, expect.objectContaining({ fields: { line_positions: 'This order has no such line.' } })]);
  });

  it('refuses more than is left, naming what is, and a body with both or neither way or no reason', async () => {
    const order = await capturedOrder();
    expect((await refund(order.id, { amount: 5, reason: 'Late' })).status).toBe(201);
    const left = cents(order.total) - 500;
    const above = await refund(order.id, { amount: (left + 1) / 100, reason: 'Too much' });
    expect([above.status, above.body]).toEqual([
      400,
      expect.objectContaining({ fields: { amount: `At most $${(left / 100).toFixed(2)} is left to refund on this order.` } }),
    ]);
    const both = await refund(order.id, { amount: 1, line_positions: [0], reason: 'Both' });
    expect((both.body as { fields: object }).fields).toEqual({ amount: 'Give an amount or choose lines, not both.' });
    const neither = await refund(order.id, { reason: 'Neither' });
    expect((neither.body as { fields: object }).fields).toEqual({ amount: 'Give an amount or choose lines to refund.' });
    const blank = await refund(order.id, { amount: 1, reason: '   ' });
    expect([blank.status, (blank.body as { fields: object }).fields]).toEqual([400, { reason: 'Please say why the money is given back.' }]);
    const zero = await refund(order.id, { amount: 0, reason: 'Nothing' });
    expect([zero.status, (zero.body as { fields: object }).fields]).toEqual([400, { amount: 'Enter an amount above 0 with at most two decimals.' }]);
    expect(((await owner.call('GET', `/orders/${order.id}/`)).body as OwnerOrder).payment.refunded).toBe(5);
  });

  it('answers 409 for an order not captured yet or paid in person, and 404 for another restaurant’s order', async () => {
    const authorised = await paidOrder();
    const early = await refund(authorised.id, { amount: 1, reason: 'Early' });
    expect([early.status, (early.body as { code: string }).code]).toEqual([409, 'not_refundable']);
    const inPerson = await placed('in_person');
    const cash = await refund(inPerson.id, { amount: 1, reason: 'Cash' });
    expect([cash.status, (cash.body as { code: string }).code]).toEqual([409, 'not_refundable']);
    const captured = await capturedOrder();
    const foreign = await refund(captured.id, { amount: 1, reason: 'Not mine' }, stranger.call);
    expect(foreign.status).toBe(404);
    expect(charged(authorised.id).concat(charged(inPerson.id), charged(captured.id))).toEqual([]);
  });

  it('gives back exactly the refunds that fit when several arrive at once', async () => {
    const order = await capturedOrder();
    const third = Math.floor(cents(order.total) / 3);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => refund(order.id, { amount: third / 100, reason: `At once ${n}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 400, 400]);
    const read = (await owner.call('GET', `/orders/${order.id}/`)).body as OwnerOrder;
    expect(read.payment.refunded).toBe((3 * third) / 100);
    expect(read.refunds).toHaveLength(3);
    expect(stripe.payment((await stripeSessionOf(order.id))!)?.charge?.amount_refunded).toBe(3 * third);
    const keysSeen = new Set(charged(order.id).map((request) => request.idempotencyKey));
    expect(keysSeen.size).toBe(3);
  });

  it('records a refund whose answer never came as pending, and the sweep makes it once under the same key', async () => {
    const order = await capturedOrder();
    // The refund's call and the SDK's two retries of it answer 500: made or not, Stripe does not say.
    stripe.failNext(3);
    const unanswered = await refund(order.id, { amount: 2, reason: 'Outage' });
    expect(unanswered.status).toBe(202);
    expect(unanswered.body).toMatchObject({ payment: { refunded: 2 }, refunds: [{ amount: 2, reason: 'Outage', pending: true }] });
    await t.app.backgroundSettled();
    expect(mailer.sent).toEqual([]);
    // Nothing more can be refunded than is left with the pending one counted.
    const above = await refund(order.id, { amount: toAmount(cents(order.payment.paid) - 199), reason: 'Too much' });
    expect(above.status).toBe(400);

    const sweep = sweeper(() => new Date(Date.now() + 3 * 60_000));
    // Stripe's event of the refund the sweep makes waits, so the sweep is first to record it.
    stripe.holdWebhooks();
    expect(await sweep()).toEqual([{ orderId: order.id, amountCents: 200, reason: 'Outage' }]);
    expect(await sweep()).toEqual([]);
    stripe.releaseWebhooks('as-sent');
    await stripe.webhooksSettled();
    await t.app.backgroundSettled();
    // The sweep's caller mails (the app's minute sweep); the event found nothing left to record or mail.
    expect(mailer.sent).toEqual([]);
    const read = (await owner.call('GET', `/orders/${order.id}/`)).body as OwnerOrder;
    expect(read.refunds).toEqual([expect.not.objectContaining({ pending: true })]);
    expect(stripe.payment((await stripeSessionOf(order.id))!)?.charge?.amount_refunded).toBe(200);
    expect(new Set(charged(order.id).map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it('leaves a pending refund to its own request for two minutes, then takes Stripe’s word', async () => {
    const order = await capturedOrder();
    // Made at Stripe, but the answer lost on each of the three tries.
    stripe.holdWebhooks();
    stripe.loseNextAnswers(3);
    expect((await refund(order.id, { amount: 1.5, reason: 'Lost answer' })).status).toBe(202);
    expect(await sweeper(() => new Date())()).toEqual([]);
    // Stripe's charge.refunded event says it gave back $1.50: the pending refund was made, with no second call.
    stripe.releaseWebhooks('as-sent');
    await stripe.webhooksSettled();
    const read = (await owner.call('GET', `/orders/${order.id}/`)).body as OwnerOrder;
    expect([read.payment.refunded, read.refunds?.map((one) => one.pending ?? false)]).toEqual([1.5, [false]]);
    expect(await sweeper(() => new Date(Date.now() + 3 * 60_000))()).toEqual([]);
    expect(charged(order.id).filter((request) => !request.replayed)).toHaveLength(1);
    expect(stripe.payment((await stripeSessionOf(order.id))!)?.charge?.amount_refunded).toBe(150);
  });

  it('records nothing when Stripe refuses, and records a refund given in Stripe’s dashboard from its event', async () => {
    const order = await capturedOrder();
    const paid = cents(order.payment.paid);
    const intent = stripe.payment((await stripeSessionOf(order.id))!)!.intent.id;
    // The owner refunds the whole payment in Stripe's dashboard; its event is held for now.
    stripe.holdWebhooks();
    const outside = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `dashboard-${order.id}` },
      body: new URLSearchParams({ payment_intent: intent }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    expect(outside.status).toBe(200);
    const refused = await refund(order.id, { amount: 2, reason: 'Too late' });
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([503, 'payment_unavailable']);
    expect(((await owner.call('GET', `/orders/${order.id}/`)).body as OwnerOrder).refunds).toEqual([]);

    stripe.releaseWebhooks('as-sent');
    await stripe.webhooksSettled();
    const read = (await owner.call('GET', `/orders/${order.id}/`)).body as OwnerOrder;
    expect(read.payment.refunded).toBe(order.payment.paid);
    expect(read.refunds).toEqual([expect.objectContaining({ amount: toAmount(paid), reason: 'Refunded by the restaurant', by: null })]);
    await t.app.backgroundSettled();
    expect(mailer.sent.map((mail) => mail.subject)).toEqual([expect.stringContaining(`Refund for order #${order.number}`)]);
  });
});

/** The Checkout Session an order was paid through, as our database recorded it. */
async function stripeSessionOf(orderId: number): Promise<string | undefined> {
  const [row] = await t.database.query(`select payment_reference from orders where id = ${orderId}`);
  return row?.payment_reference as string | undefined;
}
