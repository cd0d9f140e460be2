import type Stripe from 'stripe';
import type { PaymentEvent } from './provider';

/**
 * A verified Stripe event, reduced to what the order flow acts on. Every object the product makes
 * carries `metadata.order_id` (the session, its PaymentIntent and so its charge), so each event
 * names its order whichever object it is about.
 */

const orderIdOf = (metadata: Stripe.Metadata | null | undefined): number | null => {
  const value = metadata?.order_id;
  return value && /^\d+$/.test(value) ? Number(value) : null;
};
const idOf = (value: string | { id: string } | null): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

export function stripeEvent(event: Stripe.Event): PaymentEvent {
  const about = { eventId: event.id };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      // A completed session is worth asking Stripe about: the order is placed on what the
      // PaymentIntent then says (authorised), whatever payment_status says of money on hold.
      const kind = event.type === 'checkout.session.expired' ? 'expired' : session.status === 'complete' ? 'authorized' : 'ignored';
      return { ...about, kind, reference: session.id, paymentId: idOf(session.payment_intent), orderId: orderIdOf(session.metadata) };
    }
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const kind = event.type === 'payment_intent.succeeded' ? 'captured' : intent.status === 'requires_capture' ? 'authorized' : 'ignored';
      return { ...about, kind, reference: null, paymentId: intent.id, orderId: orderIdOf(intent.metadata) };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...about,
        kind: 'refunded',
        reference: null,
        paymentId: idOf(charge.payment_intent),
        orderId: orderIdOf(charge.metadata),
        refunded: charge.amount_refunded,
      };
    }
    default:
      return { ...about, kind: 'ignored', reference: null, paymentId: null, orderId: null };
  }
}
