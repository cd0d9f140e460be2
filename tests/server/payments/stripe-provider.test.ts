import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadSignature, PaymentRefused, PaymentUnavailable, type CreatePayment, type PaymentProvider } from '#server/domain/payments/provider';
import { stripeProvider } from '#server/domain/payments/stripe-provider';
import { startStripeDouble, stripeSignature, type StripeDouble } from '#tests/doubles/stripe/stripe-double';
import { closedPort, startWebhookReceiver } from './webhook-receiver';

/**
 * The Stripe provider (issue 44) against the Stripe double, through the official SDK: a card
 * payment from the hosted page to a partial refund, idempotent retries, Stripe's refusals, webhook
 * signatures and an unreachable Stripe. One double and one webhook endpoint for the file.
 */
const WEBHOOK_SECRET = 'whsec_provider_test_0123456789';
let double: StripeDouble;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let provider: PaymentProvider;
let nextOrder = 100;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  double = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url });
  provider = stripeProvider({ secretKey: double.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: double.url }, { maxNetworkRetries: 0, timeoutMs: 5_000 });
});
afterAll(async () => {
  await double.close();
  await receiver.close();
});

const payment = (overrides: Partial<CreatePayment> = {}): CreatePayment => {
  const orderId = overrides.orderId ?? nextOrder++;
  return {
    orderId,
    amount: 2_450,
    currency: 'usd',
    description: `Order ${orderId} at Rosa's Kitchen`,
    customerEmail: 'ana@example.com',
    returnUrl: `http://localhost:3000/orders/${orderId}/?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `http://localhost:3000/orders/${orderId}/`,
    expiresAt: new Date(Date.now() + 31 * 60_000),
    idempotencyKey: `order-${orderId}-create-1`,
    ...overrides,
  };
};

/** The customer presses Pay on the hosted page, as a browser posts its form. */
async function payOnHostedPage(checkoutUrl: string, card: 'succeeds' | 'declined' = 'succeeds') {
  const page = await fetch(checkoutUrl);
  const action = /<form method="post" action="([^"]+\/confirm)">/.exec(await page.text())?.[1];
  expect(action).toBeDefined();
  return fetch(new URL(action as string, checkoutUrl), { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
}

async function authorizedPayment(overrides: Partial<CreatePayment> = {}) {
  const created = await provider.create(payment(overrides));
  await payOnHostedPage(created.checkoutUrl);
  const status = await provider.read(created.reference);
  return { ...created, paymentId: status.paymentId as string };
}

describe('a card payment, from the hosted page to a refund', () => {
  it('is pending until paid, authorised by the hosted page, then captured and partly refunded, at most what is left', async () => {
    const asked = payment({ orderId: 1, amount: 2_450 });
    const created = await provider.create(asked);
    expect(created.checkoutUrl.startsWith(`${double.url}/pay/`)).toBe(true);
    expect(await provider.read(created.reference)).toEqual({ state: 'pending', paymentId: null, authorized: 0, captured: 0, refunded: 0 });

    const paid = await payOnHostedPage(created.checkoutUrl);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/orders/1/?session=${created.reference}`);

    const authorized = await provider.read(created.reference);
    expect(authorized).toMatchObject({ state: 'authorized', authorized: 2_450, captured: 0, refunded: 0 });
    const paymentId = authorized.paymentId as string;
    expect(paymentId).toMatch(/^pi_/);

    expect(await provider.capture(paymentId, 2_450, 'order-1-capture')).toEqual({
      state: 'captured',
      paymentId,
      authorized: 2_450,
      captured: 2_450,
      refunded: 0,
    });
    expect(await provider.refund(paymentId, 1_000, 'order-1-refund-1')).toMatchObject({ state: 'captured', captured: 2_450, refunded: 1_000 });
    const tooMuch = provider.refund(paymentId, 1_451, 'order-1-refund-2');
    await expect(tooMuch).rejects.toBeInstanceOf(PaymentRefused);
    await expect(tooMuch).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(await provider.refund(paymentId, 1_450, 'order-1-refund-3')).toMatchObject({ refunded: 2_450 });
    expect(await provider.read(created.reference)).toEqual({ state: 'captured', paymentId, authorized: 2_450, captured: 2_450, refunded: 2_450 });

    const session = double.session(created.reference);
    expect(session).toMatchObject({
      amount_total: 2_450,
      currency: 'usd',
      metadata: { order_id: '1' },
      client_reference_id: '1',
      customer_email: 'ana@example.com',
    });
    expect(double.payment(created.reference)?.intent).toMatchObject({ capture_method: 'manual', metadata: { order_id: '1' } });
  });

  it('reads a paid session from a server that does not expand its PaymentIntent', async () => {
    const plain = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET, expands: false });
    try {
      const reading = stripeProvider(
        { secretKey: plain.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: plain.url },
        { maxNetworkRetries: 0, timeoutMs: 5_000 },
      );
      const created = await reading.create(payment({ orderId: 9, amount: 1_200 }));
      plain.pay(created.reference);
      expect(await reading.read(created.reference)).toMatchObject({ state: 'authorized', authorized: 1_200, paymentId: expect.stringMatching(/^pi_/) });
    } finally {
      await plain.close();
    }
  });

  it("sends the caller's idempotency key with every call that moves money", async () => {
    const { paymentId } = await authorizedPayment({ orderId: 2, idempotencyKey: 'order-2-create-1' });
    await provider.capture(paymentId, 2_450, 'order-2-capture');
    await provider.refund(paymentId, 450, 'order-2-refund-1');
    const moves = double.requests.filter((request) => request.method === 'POST' && !request.path.endsWith('/expire'));
    expect(moves.slice(-3).map((request) => request.idempotencyKey)).toEqual(['order-2-create-1', 'order-2-capture', 'order-2-refund-1']);
  });

  it('captures less than authorised and then refunds at most the captured part', async () => {
    const { paymentId } = await authorizedPayment({ amount: 3_000 });
    expect(await provider.capture(paymentId, 2_000, `capture-${paymentId}`)).toMatchObject({ state: 'captured', captured: 2_000 });
    await expect(provider.refund(paymentId, 2_001, `refund-${paymentId}`)).rejects.toMatchObject({ code: 'amount_too_large' });
  });

  it('refuses a capture above the authorised amount, and a second capture under a new key', async () => {
    const { paymentId } = await authorizedPayment({ amount: 1_500 });
    await expect(provider.capture(paymentId, 1_501, `capture-${paymentId}-1`)).rejects.toMatchObject({ code: 'amount_too_large' });
    await provider.capture(paymentId, 1_500, `capture-${paymentId}-2`);
    await expect(provider.capture(paymentId, 1_500, `capture-${paymentId}-3`)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('releases an authorisation, after which nothing can be captured or refunded', async () => {
    const { paymentId, reference } = await authorizedPayment();
    expect(await provider.release(paymentId, `release-${paymentId}`)).toEqual({ state: 'released', paymentId, authorized: 0, captured: 0, refunded: 0 });
    expect((await provider.read(reference)).state).toBe('released');
    await expect(provider.capture(paymentId, 100, `capture-${paymentId}`)).rejects.toBeInstanceOf(PaymentRefused);
    await expect(provider.refund(paymentId, 100, `refund-${paymentId}`)).rejects.toBeInstanceOf(PaymentRefused);
  });

  it('stays pending after a declined card, and can still be paid', async () => {
    const created = await provider.create(payment());
    const declined = await payOnHostedPage(created.checkoutUrl, 'declined');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await provider.read(created.reference)).state).toBe('pending');
    expect((await payOnHostedPage(created.checkoutUrl)).status).toBe(303);
    expect((await provider.read(created.reference)).state).toBe('authorized');
  });
});

describe('retries', () => {
  it('answers a repeated create with the same session, and refuses another request under the same key', async () => {
    const asked = payment();
    const first = await provider.create(asked);
    const again = await provider.create(asked);
    expect(again).toEqual(first);
    expect(double.requests.at(-1)).toMatchObject({ path: '/v1/checkout/sessions', replayed: true });
    await expect(provider.create({ ...asked, amount: asked.amount + 1 })).rejects.toMatchObject({
      constructor: PaymentRefused,
      message: expect.stringContaining('same parameters'),
    });
  });

  it('answers a repeated capture with its first result instead of a refusal', async () => {
    const { paymentId } = await authorizedPayment();
    const first = await provider.capture(paymentId, 2_450, `capture-${paymentId}`);
    expect(await provider.capture(paymentId, 2_450, `capture-${paymentId}`)).toEqual(first);
  });
});

describe("Stripe's refusals of what it is asked to charge", () => {
  it.each([
    ['nothing', { amount: 0 }, 'amount_too_small'],
    ['less than Stripe charges', { amount: 49 }, 'amount_too_small'],
    ['a fraction of a cent', { amount: 12.5 }, 'parameter_invalid_integer'],
    ['a negative amount', { amount: -100 }, 'parameter_invalid_integer'],
    ['more than eight digits', { amount: 100_000_000 }, 'amount_too_large'],
  ])('refuses %s', async (_, overrides, code) => {
    await expect(provider.create(payment(overrides))).rejects.toMatchObject({ constructor: PaymentRefused, code });
  });

  it.each(['USD', 'us', 'xyz'])('refuses the currency %s', async (currency) => {
    await expect(provider.create(payment({ currency }))).rejects.toMatchObject({
      constructor: PaymentRefused,
      message: expect.stringContaining('Invalid currency'),
    });
  });

  it('refuses a session that would close in under 30 minutes', async () => {
    await expect(provider.create(payment({ expiresAt: new Date(Date.now() + 10 * 60_000) }))).rejects.toBeInstanceOf(PaymentRefused);
  });
});

describe('ending an unpaid attempt', () => {
  it('expires it, so its page no longer takes payment, and expiring it again changes nothing', async () => {
    const created = await provider.create(payment());
    await provider.expire(created.reference);
    expect(await provider.read(created.reference)).toMatchObject({ state: 'expired', paymentId: null });
    expect(await (await fetch(created.checkoutUrl)).text()).toContain('This checkout has ended');
    const late = await fetch(`${created.checkoutUrl}/confirm`, { method: 'POST', body: new URLSearchParams({ card: 'succeeds' }), redirect: 'manual' });
    expect(late.status).toBe(409);
    expect(double.payment(created.reference)).toBeNull();
    await expect(provider.expire(created.reference)).resolves.toBeUndefined();
  });

  it('refuses to expire an attempt that was paid meanwhile', async () => {
    const { reference } = await authorizedPayment();
    await expect(provider.expire(reference)).rejects.toBeInstanceOf(PaymentRefused);
    expect((await provider.read(reference)).state).toBe('authorized');
  });
});

describe('webhooks', () => {
  const eventsOf = async (reference: string) => {
    await double.webhooksSettled();
    const paymentId = double.payment(reference)?.intent.id ?? null;
    return receiver.received
      .map((delivery) => provider.parseWebhook(delivery.rawBody, delivery.signature))
      .filter((event) => event.reference === reference || (paymentId !== null && event.paymentId === paymentId));
  };

  it("verify with the SDK's own constructEvent, exactly as Stripe's are", async () => {
    const { reference } = await authorizedPayment();
    await double.webhooksSettled();
    const [delivery] = receiver.received.slice(-1);
    const event = Stripe.webhooks.constructEvent(delivery?.rawBody as Buffer, delivery?.signature as string, WEBHOOK_SECRET);
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed', livemode: false, data: { object: { id: reference } } });
    expect(event.id).toMatch(/^evt_/);
  });

  it('read as authorised, captured, refunded and expired, each naming its order', async () => {
    const { reference, paymentId } = await authorizedPayment({ orderId: 4242 });
    await provider.capture(paymentId, 2_450, `capture-${paymentId}`);
    await provider.refund(paymentId, 450, `refund-${paymentId}`);
    const acted = (await eventsOf(reference)).filter((event) => event.kind !== 'ignored');
    expect(acted.map((event) => [event.kind, event.orderId, event.paymentId])).toEqual([
      ['authorized', 4242, paymentId],
      ['authorized', 4242, paymentId],
      ['captured', 4242, paymentId],
      ['refunded', 4242, paymentId],
    ]);
    expect(acted[1]?.reference).toBe(reference);

    const unpaid = await provider.create(payment({ orderId: 4343 }));
    await provider.expire(unpaid.reference);
    expect((await eventsOf(unpaid.reference)).map((event) => [event.kind, event.orderId])).toEqual([['expired', 4343]]);
  });

  it('refuse a changed body, another secret, a missing signature and a stale one', async () => {
    await authorizedPayment();
    await double.webhooksSettled();
    const delivery = receiver.received.at(-1);
    const rawBody = delivery?.rawBody as Buffer;
    const signature = delivery?.signature as string;
    expect(provider.parseWebhook(rawBody, signature).kind).toBe('authorized');

    const tampered = Buffer.from(rawBody.toString('utf8').replace('"livemode": false', '"livemode": true'));
    expect(() => provider.parseWebhook(tampered, signature)).toThrow(BadSignature);
    const otherSecret = stripeProvider({ secretKey: double.secretKey, webhookSecret: 'whsec_someone_else_0000', apiUrl: double.url });
    expect(() => otherSecret.parseWebhook(rawBody, signature)).toThrow(BadSignature);
    expect(() => provider.parseWebhook(rawBody, undefined)).toThrow(BadSignature);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => provider.parseWebhook(rawBody, stripeSignature(rawBody.toString('utf8'), WEBHOOK_SECRET, tenMinutesAgo))).toThrow(BadSignature);
  });
});

describe('an unreachable or failing Stripe', () => {
  it('is PaymentUnavailable, not a refusal, when nothing listens', async () => {
    const nowhere = stripeProvider(
      { secretKey: double.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: `http://127.0.0.1:${await closedPort()}` },
      { maxNetworkRetries: 0, timeoutMs: 2_000 },
    );
    const attempt = nowhere.create(payment());
    await expect(attempt).rejects.toBeInstanceOf(PaymentUnavailable);
    await expect(attempt).rejects.not.toBeInstanceOf(PaymentRefused);
  });

  it('is PaymentUnavailable when Stripe answers 500', async () => {
    double.failNext(1);
    const attempt = provider.create(payment());
    await expect(attempt).rejects.toBeInstanceOf(PaymentUnavailable);
    await expect(attempt).rejects.not.toBeInstanceOf(PaymentRefused);
  });

  it('is PaymentUnavailable with a key Stripe does not take', async () => {
    const wrongKey = stripeProvider({ secretKey: 'sk_test_not_the_double', webhookSecret: WEBHOOK_SECRET, apiUrl: double.url }, { maxNetworkRetries: 0 });
    await expect(wrongKey.create(payment())).rejects.toBeInstanceOf(PaymentUnavailable);
  });
});
