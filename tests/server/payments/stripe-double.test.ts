import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeDouble, type StripeDouble } from '#tests/doubles/stripe/stripe-double';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * The Stripe double's own rules, over plain HTTP as Stripe's API is spoken (form bodies, Bearer
 * key): what it refuses, its idempotency, its hosted page and its webhook deliveries (held,
 * reversed, repeated). The provider's use of it is in stripe-provider.test.ts.
 */
const WEBHOOK_SECRET = 'whsec_double_test_0123456789';
let double: StripeDouble;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let keys = 0;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  double = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url });
});
afterAll(async () => {
  await double.close();
  await receiver.close();
});
beforeEach(async () => {
  await double.webhooksSettled();
  receiver.received.length = 0;
  receiver.answerWith(200);
});

const SESSION = {
  mode: 'payment',
  'line_items[0][price_data][currency]': 'usd',
  'line_items[0][price_data][unit_amount]': '1250',
  'line_items[0][price_data][product_data][name]': "Order 9 at Rosa's Kitchen",
  'line_items[0][quantity]': '1',
  'payment_intent_data[capture_method]': 'manual',
  'metadata[order_id]': '9',
  success_url: 'http://localhost:3000/orders/9/?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:3000/orders/9/',
};

/** The fields these tests read from Stripe's JSON; the rest is matched with toMatchObject. */
type StripeJson = { id: string; url: string; error: unknown; payment_intent: { id: string }; latest_charge: unknown };
type Call = { key?: string | null; auth?: string | null; body?: Record<string, string> };
async function api(method: 'GET' | 'POST', path: string, { key = `key-${keys++}`, auth = `Bearer ${double.secretKey}`, body }: Call = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (auth) headers.authorization = auth;
  if (key && method === 'POST') headers['idempotency-key'] = key;
  const response = await fetch(`${double.url}${path}`, { method, headers, body: body ? new URLSearchParams(body).toString() : undefined });
  return { status: response.status, headers: response.headers, json: (await response.json()) as StripeJson };
}
const createSession = (body: Record<string, string> = SESSION, call: Call = {}) => api('POST', '/v1/checkout/sessions', { ...call, body });
const pressPay = (sessionId: string, card = 'succeeds') =>
  fetch(`${double.url}/pay/${sessionId}/confirm`, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
const without = (name: string) => Object.fromEntries(Object.entries(SESSION).filter(([key]) => key !== name));

describe('the API', () => {
  it('answers an open, unpaid session with a page of its own to pay on', async () => {
    const { status, json } = await createSession();
    expect(status).toBe(200);
    expect(json).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: 1250,
      currency: 'usd',
      metadata: { order_id: '9' },
      url: `${double.url}/pay/${json.id}`,
    });
    expect(json.id).toMatch(/^cs_test_/);
  });

  it.each([
    ['no key', null, 401, 'You did not provide an API key'],
    ['another key', 'Bearer sk_test_someone_else_1234', 401, 'Invalid API Key provided: sk_test_****1234'],
  ])('refuses a call with %s', async (_, auth, status, message) => {
    const { status: answered, json } = await createSession(SESSION, { auth });
    expect(answered).toBe(status);
    expect(json.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining(message) });
  });

  it("takes the key as a Basic user name too, as Stripe's curl examples send it", async () => {
    const { status } = await createSession(SESSION, { auth: `Basic ${Buffer.from(`${double.secretKey}:`).toString('base64')}` });
    expect(status).toBe(200);
  });

  it.each([
    ['no Idempotency-Key', null],
    ["the SDK's own random key", 'stripe-node-retry-6f1c7a2e-0000-4000-8000-000000000000'],
  ])('refuses a create with %s (the project rule of issue 44)', async (_, key) => {
    const { status, json } = await createSession(SESSION, { key });
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_required' });
  });

  it.each([
    ['a missing success_url', without('success_url'), 'parameter_missing', 'success_url'],
    ['a missing amount', without('line_items[0][price_data][unit_amount]'), 'parameter_missing', 'line_items[0][price_data][unit_amount]'],
    ['a currency in capitals', { ...SESSION, 'line_items[0][price_data][currency]': 'USD' }, undefined, 'line_items[0][price_data][currency]'],
    [
      'an amount in words',
      { ...SESSION, 'line_items[0][price_data][unit_amount]': 'ten' },
      'parameter_invalid_integer',
      'line_items[0][price_data][unit_amount]',
    ],
    [
      'a negative amount',
      { ...SESSION, 'line_items[0][price_data][unit_amount]': '-1' },
      'parameter_invalid_integer',
      'line_items[0][price_data][unit_amount]',
    ],
    ['no quantity', without('line_items[0][quantity]'), 'parameter_missing', 'line_items[0][quantity]'],
    ['a parameter Stripe does not know', { ...SESSION, colour: 'blue' }, 'parameter_unknown', 'colour'],
    ['a success_url that is no URL', { ...SESSION, success_url: 'somewhere' }, 'url_invalid', 'success_url'],
  ])('refuses %s with 400 and the parameter named', async (_, body, code, param) => {
    const { status, json } = await createSession(body);
    expect(status).toBe(400);
    expect(json.error).toEqual(expect.objectContaining({ type: 'invalid_request_error', param, ...(code ? { code } : {}) }));
  });

  it('answers a repeated create with the first session, marked replayed, and refuses other parameters under that key', async () => {
    const first = await createSession(SESSION, { key: 'order-9-create-1' });
    const again = await createSession(SESSION, { key: 'order-9-create-1' });
    expect(again.json.id).toBe(first.json.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const other = await createSession({ ...SESSION, 'line_items[0][price_data][unit_amount]': '1300' }, { key: 'order-9-create-1' });
    expect(other.status).toBe(400);
    expect(other.json.error).toMatchObject({ type: 'idempotency_error', message: expect.stringContaining("other than 'order-9-create-1'") });
  });

  it('expires only an open session', async () => {
    const { json: session } = await createSession();
    expect((await api('POST', `/v1/checkout/sessions/${session.id}/expire`)).json).toMatchObject({ status: 'expired', url: null });
    const again = await api('POST', `/v1/checkout/sessions/${session.id}/expire`);
    expect(again.status).toBe(400);
  });

  it('answers 404 resource_missing for an unknown id', async () => {
    const { status, json } = await api('GET', '/v1/payment_intents/pi_nothing');
    expect(status).toBe(404);
    expect(json.error).toMatchObject({ code: 'resource_missing', type: 'invalid_request_error' });
  });

  it('captures only what is authorised, then refunds only what is captured, and shows it on the charge', async () => {
    const { json: session } = await createSession();
    await pressPay(session.id);
    const paid = await api('GET', `/v1/checkout/sessions/${session.id}?expand[]=payment_intent`);
    expect(paid.json).toMatchObject({ status: 'complete', payment_intent: { status: 'requires_capture', amount_capturable: 1250, capture_method: 'manual' } });
    const intentId = paid.json.payment_intent.id as string;

    const tooMuch = await api('POST', `/v1/payment_intents/${intentId}/capture`, { body: { amount_to_capture: '1251' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error).toMatchObject({ code: 'amount_too_large', param: 'amount_to_capture' });
    const earlyRefund = await api('POST', '/v1/refunds', { body: { payment_intent: intentId } });
    expect(earlyRefund.status).toBe(400);

    expect((await api('POST', `/v1/payment_intents/${intentId}/capture`)).json).toMatchObject({
      status: 'succeeded',
      amount_received: 1250,
      amount_capturable: 0,
    });
    expect((await api('POST', '/v1/refunds', { body: { payment_intent: intentId, amount: '250' } })).json).toMatchObject({
      object: 'refund',
      amount: 250,
      status: 'succeeded',
    });
    const overRefund = await api('POST', '/v1/refunds', { body: { payment_intent: intentId, amount: '1001' } });
    expect(overRefund.json.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect((await api('POST', '/v1/refunds', { body: { payment_intent: intentId } })).json).toMatchObject({ amount: 1000 });
    const charge = (await api('GET', `/v1/payment_intents/${intentId}?expand[]=latest_charge`)).json.latest_charge;
    expect(charge).toMatchObject({ object: 'charge', amount_captured: 1250, amount_refunded: 1250, refunded: true });
    const nothingLeft = await api('POST', '/v1/refunds', { body: { payment_intent: intentId } });
    expect(nothingLeft.json.error).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('answers 500 api_error while told to fail, then serves again', async () => {
    double.failNext(1);
    const failed = await api('GET', '/v1/payment_intents/pi_nothing');
    expect(failed.status).toBe(500);
    expect(failed.json.error).toMatchObject({ type: 'api_error' });
    expect((await api('GET', '/v1/payment_intents/pi_nothing')).status).toBe(404);
  });
});

describe('the hosted page', () => {
  it('shows the amount with a labelled Pay and Cancel, and Cancel returns to the shop leaving the session open', async () => {
    const { json: session } = await createSession();
    const html = await (await fetch(session.url)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<button type="submit">Pay $12.50</button>');
    expect(html).toContain('<button type="submit">Cancel</button>');
    expect(html).toMatch(/<fieldset><legend>Test card<\/legend>/);
    const cancelled = await fetch(`${double.url}/pay/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(SESSION.cancel_url);
    expect(double.session(session.id).status).toBe('open');
  });

  it('says a declined card was declined, keeps the session open and sends payment_intent.payment_failed', async () => {
    const { json: session } = await createSession();
    const declined = await pressPay(session.id, 'declined');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('<p role="alert">Your card was declined.');
    expect(double.session(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    await double.webhooksSettled();
    expect(receiver.types()).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
  });

  it("sends the customer to success_url with the session's id once paid", async () => {
    const { json: session } = await createSession();
    const paid = await pressPay(session.id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/orders/9/?session=${session.id}`);
    expect((await pressPay(session.id)).status).toBe(409);
  });
});

describe('webhooks', () => {
  it('are signed as Stripe signs them, verified by the SDK, and pretty-printed as Stripe sends them', async () => {
    const { json: session } = await createSession();
    double.pay(session.id);
    await double.webhooksSettled();
    expect(receiver.types()).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.amount_capturable_updated', 'checkout.session.completed']);
    for (const delivery of receiver.received) {
      expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = Stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature as string, WEBHOOK_SECRET);
      expect(event).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
      expect(delivery.rawBody.toString('utf8')).toContain('\n  "id": "evt_');
    }
    expect(() =>
      Stripe.webhooks.constructEvent(receiver.received[0]?.rawBody as Buffer, receiver.received[0]?.signature as string, 'whsec_wrong_000000'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('wait while held and then arrive in reverse, and an event sent again arrives again with the same id', async () => {
    const { json: session } = await createSession();
    double.holdWebhooks();
    double.pay(session.id);
    await double.webhooksSettled();
    expect(receiver.received).toEqual([]);
    double.releaseWebhooks('reversed');
    await double.webhooksSettled();
    expect(receiver.types()).toEqual(['checkout.session.completed', 'payment_intent.amount_capturable_updated', 'charge.succeeded', 'payment_intent.created']);

    const [completed] = double.events('checkout.session.completed').slice(-1);
    double.resend(completed?.event.id as string);
    await double.webhooksSettled();
    const ids = receiver.received.map((delivery) => (JSON.parse(delivery.rawBody.toString('utf8')) as { id: string }).id);
    expect(ids.filter((id) => id === completed?.event.id)).toHaveLength(2);
    expect(completed?.deliveries).toEqual([{ status: 200 }, { status: 200 }]);
  });

  it("record the endpoint's refusal, and checkout.session.expired is sent when a session's time runs out", async () => {
    receiver.answerWith(400);
    const { json: session } = await createSession();
    double.expire(session.id);
    await double.webhooksSettled();
    const [expired] = double.events('checkout.session.expired').slice(-1);
    expect(expired?.event.data.object).toMatchObject({ id: session.id, status: 'expired' });
    expect(expired?.deliveries).toEqual([{ status: 400 }]);
  });
});
