import { createHmac } from 'node:crypto';
import { stripeId, unixNow } from './ids';

/**
 * Stripe's webhook deliveries: each event signed as Stripe signs it and POSTed to the endpoint,
 * with what tests need to play Stripe's habits (late, repeated, out of order).
 */

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** One try at delivering an event: the endpoint's status, or why there was none. */
export type Delivery = { status: number } | { error: string };

export type SentEvent = { event: StripeEvent; deliveries: Delivery[] };

/** `Stripe-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's secret>`. */
export function stripeSignature(payload: string, secret: string, timestamp = unixNow()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Stripe sends the event pretty-printed: an endpoint that checks a re-serialised body instead of the raw one fails. */
export const eventPayload = (event: StripeEvent) => JSON.stringify(event, null, 2);

export class Outbox {
  readonly sent: SentEvent[] = [];
  private held: SentEvent[] | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly secret: string,
    private readonly apiVersion: string,
    public url: string | undefined,
    private readonly onDelivery: (event: StripeEvent, delivery: Delivery) => void = () => {},
  ) {}

  /** Records an event about `object` (a copy as it is now) and delivers it, unless deliveries are held. */
  add(type: string, object: unknown, request: StripeEvent['request']): StripeEvent {
    const event: StripeEvent = {
      id: stripeId('evt_1'),
      object: 'event',
      api_version: this.apiVersion,
      created: unixNow(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request,
      type,
    };
    const entry: SentEvent = { event, deliveries: [] };
    this.sent.push(entry);
    if (this.held) this.held.push(entry);
    else this.deliver(entry);
    return event;
  }

  /** Events from now on wait until `release`. */
  hold() {
    this.held ??= [];
  }

  /** Delivers what waited, in the order it happened or the reverse, and stops holding. */
  release(order: 'as-sent' | 'reversed' = 'as-sent') {
    const waiting = this.held ?? [];
    this.held = null;
    for (const entry of order === 'reversed' ? [...waiting].reverse() : waiting) this.deliver(entry);
  }

  /** Delivers an event again, freshly signed, as Stripe does when it retries or sends a duplicate. */
  resend(eventId: string) {
    const entry = this.sent.find((candidate) => candidate.event.id === eventId);
    if (!entry) throw new Error(`No event ${eventId} was sent.`);
    this.deliver(entry);
  }

  /** Every delivery started so far has its answer. */
  async settled() {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private deliver(entry: SentEvent) {
    const url = this.url;
    if (!url) return;
    const payload = eventPayload(entry.event);
    const attempt = fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': stripeSignature(payload, this.secret),
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (response): Promise<Delivery> => {
        await response.arrayBuffer();
        return { status: response.status };
      })
      .catch((error: unknown): Delivery => ({ error: error instanceof Error ? error.message : String(error) }))
      .then((delivery) => {
        entry.deliveries.push(delivery);
        this.onDelivery(entry.event, delivery);
      })
      .finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }
}
