import { invalid, noSuch, unexpectedState } from './errors';
import { stripeId, unixNow } from './ids';
import { MINIMUM_CHARGE, type SessionCreate } from './params';
import { formatAmount } from './money';

/**
 * The money the double holds, in memory: Checkout Sessions, the PaymentIntents their payments
 * make, each PaymentIntent's one Charge, and Refunds, with the state changes Stripe allows and
 * the events each change sends. Objects carry the fields the product reads, named as Stripe names them.
 */

export type Metadata = Record<string, string>;

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Metadata;
  mode: 'payment';
  payment_intent: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  /** `paid` once the card is accepted, a hold (manual capture) included: the order can be fulfilled. */
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
};

export type PaymentIntentStatus = 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
export type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: { type: 'card_error'; code: 'card_declined'; decline_code: 'generic_decline'; message: string } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  status: PaymentIntentStatus;
};

export type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  livemode: false;
  /** The PaymentIntent's, copied when the charge is made. */
  metadata: Metadata;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
};

export type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
};

type StripeObject = CheckoutSession | PaymentIntent | Charge | Refund;

/** Each change's event, sent in the order Stripe sends them (which the product must not rely on). */
export type Emit = (type: string, object: StripeObject) => void;

/** Stripe's window for a Checkout Session's `expires_at`: 30 minutes to 24 hours after creation. */
const SESSION_LIFETIME = { min: 30 * 60, max: 24 * 60 * 60, default: 24 * 60 * 60 };

export type TestCard = 'succeeds' | 'declined';

export class Ledger {
  private readonly objects = new Map<string, StripeObject>();
  /** What Checkout keeps off the session object: its payment_intent_data and what the hosted page names. */
  private readonly sessionData = new Map<
    string,
    { capture_method: PaymentIntent['capture_method']; description: string | null; metadata: Metadata; productName: string }
  >();

  constructor(
    private readonly emit: Emit,
    private readonly hostedPageUrl: (sessionId: string) => string,
  ) {}

  createSession(params: SessionCreate): CheckoutSession {
    const currencies = new Set(params.line_items.map((item) => item.price_data.currency));
    const [currency = 'usd'] = currencies;
    if (currencies.size > 1) throw invalid('All line items must have the same currency.', undefined, 'line_items');
    const total = params.line_items.reduce((sum, item) => sum + item.price_data.unit_amount * item.quantity, 0);
    const minimum = MINIMUM_CHARGE[currency] ?? 1;
    if (total < minimum) {
      throw invalid(`The Checkout Session's total amount due must add up to at least ${formatAmount(minimum, currency)} ${currency}`, 'amount_too_small');
    }
    const created = unixNow();
    const expiresAt = params.expires_at ?? created + SESSION_LIFETIME.default;
    if (expiresAt < created + SESSION_LIFETIME.min || expiresAt > created + SESSION_LIFETIME.max) {
      throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', undefined, 'expires_at');
    }
    const id = stripeId('cs_test_a1', 56);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created,
      currency,
      customer_email: params.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      allowed_payment_method_types: params.allowed_payment_method_types ?? null,
      payment_method_types: params.allowed_payment_method_types ?? ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: this.hostedPageUrl(id),
    };
    this.objects.set(id, session);
    const data = params.payment_intent_data;
    this.sessionData.set(id, {
      capture_method: data?.capture_method ?? 'automatic',
      description: data?.description ?? null,
      metadata: data?.metadata ?? {},
      productName: params.line_items.map((item) => item.price_data.product_data.name).join(', '),
    });
    return session;
  }

  session(id: string): CheckoutSession {
    const found = this.objects.get(id);
    if (found?.object !== 'checkout.session') throw noSuch('checkout.session', id);
    this.expireIfDue(found);
    return found;
  }

  paymentIntent(id: string): PaymentIntent {
    const found = this.objects.get(id);
    if (found?.object !== 'payment_intent') throw noSuch('payment_intent', id, 'intent');
    return found;
  }

  /** What the hosted page says is being paid for. */
  productName(sessionId: string): string {
    return this.sessionData.get(sessionId)?.productName ?? '';
  }

  /** The charge a PaymentIntent's payment made, for tests to read what was captured and refunded. */
  chargeOf(intent: PaymentIntent): Charge | null {
    const charge = intent.latest_charge ? this.objects.get(intent.latest_charge) : undefined;
    return charge?.object === 'charge' ? charge : null;
  }

  /** The object an id names, for `expand[]`. */
  byId(id: string): StripeObject | undefined {
    return this.objects.get(id);
  }

  /** Ends an open session nobody paid (the API's expire, or its `expires_at` passing). */
  expireSession(id: string): CheckoutSession {
    const session = this.session(id);
    if (session.status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, undefined, 'session');
    this.expire(session);
    return session;
  }

  /** Sessions whose `expires_at` has passed end, as Stripe ends them, with their event. */
  expireDue() {
    for (const object of this.objects.values()) if (object.object === 'checkout.session') this.expireIfDue(object);
  }

  private expireIfDue(session: CheckoutSession) {
    if (session.status === 'open' && session.expires_at <= unixNow()) this.expire(session);
  }

  private expire(session: CheckoutSession) {
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', session);
  }

  /**
   * The customer pays on the hosted page. A declined card leaves the session open for another
   * try (Checkout shows the decline on its page); an accepted one completes it, authorising the
   * amount (manual capture) or taking it.
   */
  pay(sessionId: string, card: TestCard): { declined: boolean; session: CheckoutSession } {
    const session = this.session(sessionId);
    if (session.status !== 'open') throw invalid('This Checkout Session is no longer active.', 'checkout_session_inactive');
    const intent = this.intentFor(session);
    if (card === 'declined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      this.emit('payment_intent.payment_failed', intent);
      return { declined: true, session };
    }
    const manual = intent.capture_method === 'manual';
    const charge: Charge = {
      id: stripeId('ch_3'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: manual ? 0 : intent.amount,
      amount_refunded: 0,
      captured: !manual,
      created: unixNow(),
      currency: intent.currency,
      livemode: false,
      metadata: { ...intent.metadata },
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      status: 'succeeded',
    };
    this.objects.set(charge.id, charge);
    Object.assign(intent, {
      latest_charge: charge.id,
      last_payment_error: null,
      status: manual ? 'requires_capture' : 'succeeded',
      amount_capturable: manual ? intent.amount : 0,
      amount_received: manual ? 0 : intent.amount,
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
    this.emit('charge.succeeded', charge);
    this.emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intent);
    this.emit('checkout.session.completed', session);
    return { declined: false, session };
  }

  /** The session's PaymentIntent: made at the first try to pay, as Checkout makes it. */
  private intentFor(session: CheckoutSession): PaymentIntent {
    if (session.payment_intent) return this.paymentIntent(session.payment_intent);
    const data = this.sessionData.get(session.id);
    const intent: PaymentIntent = {
      id: stripeId('pi_3'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: data?.capture_method ?? 'automatic',
      created: unixNow(),
      currency: session.currency,
      description: data?.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: data?.metadata ?? {},
      status: 'requires_payment_method',
    };
    this.objects.set(intent.id, intent);
    session.payment_intent = intent.id;
    this.emit('payment_intent.created', intent);
    return intent;
  }

  /** Takes `amount` (default: all) of what is authorised; the rest of the hold is released. */
  capture(id: string, amount: number | undefined): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const taken = amount ?? intent.amount_capturable;
    if (taken > intent.amount_capturable) {
      throw invalid(
        `The amount to capture (${taken}) must be less than or equal to the amount that is capturable (${intent.amount_capturable}).`,
        'amount_too_large',
        'amount_to_capture',
      );
    }
    const charge = this.chargeOf(intent) as Charge;
    Object.assign(charge, { amount_captured: taken, captured: true });
    Object.assign(intent, { status: 'succeeded', amount_capturable: 0, amount_received: taken });
    this.emit('charge.captured', charge);
    this.emit('payment_intent.succeeded', intent);
    return intent;
  }

  /** Releases a hold (or abandons a PaymentIntent nobody paid); captured money needs a refund instead. */
  cancel(id: string, reason: string | undefined): PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    Object.assign(intent, { status: 'canceled', amount_capturable: 0, canceled_at: unixNow(), cancellation_reason: reason ?? null });
    this.emit('payment_intent.canceled', intent);
    return intent;
  }

  /** Gives back `amount` (default: all that is left) of what was captured. */
  refund(intentId: string, amount: number | undefined, reason: string | undefined, metadata: Metadata | undefined): Refund {
    const intent = this.paymentIntent(intentId);
    const charge = this.chargeOf(intent);
    if (intent.status !== 'succeeded' || !charge) {
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, undefined, 'payment_intent');
    }
    const left = charge.amount_captured - charge.amount_refunded;
    if (left === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const given = amount ?? left;
    if (given > left) {
      throw invalid(
        `Refund amount (${formatAmount(given, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
        'amount_too_large',
        'amount',
      );
    }
    const refund: Refund = {
      id: stripeId('re_3'),
      object: 'refund',
      amount: given,
      charge: charge.id,
      created: unixNow(),
      currency: charge.currency,
      metadata: metadata ?? {},
      payment_intent: intent.id,
      reason: reason ?? null,
      status: 'succeeded',
    };
    this.objects.set(refund.id, refund);
    charge.amount_refunded += given;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge);
    return refund;
  }
}
