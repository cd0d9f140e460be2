import type { PlaceOrderBody } from '../../../contracts/ordering';
import { orderFigures, termsOf } from '../../../contracts/ordering/order-terms';
import { isOrderSlot } from '../../../contracts/shared/order-slots';
import { refusal, type Refusal } from './order-refusals';
import type { OrderingStore } from './store-readers';

/**
 * The store's terms an order is held to (issue 30), beside its prices: which fulfilments it
 * offers, where it delivers, its minimum, its hours. Each refusal names the field to change.
 * Answers the fee and when the order should be ready (pickup) or arrive (delivery).
 */

/** Fulfilment offered; an address exactly when delivering, in a zip the store covers. */
function fulfilmentRefusal(store: OrderingStore, body: PlaceOrderBody): Refusal | null {
  const { pickup, delivery } = store.storefront;
  if (body.fulfilment === 'pickup' && !pickup.available) return refusal(409, 'fulfilment_unavailable', 'fulfilment', 'This restaurant does not offer pickup.');
  if (body.fulfilment === 'delivery' && !delivery.available) return refusal(409, 'fulfilment_unavailable', 'fulfilment', 'This restaurant does not deliver.');
  if (body.fulfilment === 'pickup') return body.address ? refusal(400, 'invalid', 'address', 'No address is needed for pickup.') : null;
  if (!body.address) return refusal(400, 'address_required', 'address', 'Please enter the delivery address.');
  if (!store.delivers(body.address.zip_code)) {
    return refusal(409, 'zip_not_covered', 'address.zip_code', `Sorry, we do not deliver to ${body.address.zip_code}. You can pick the order up instead.`);
  }
  return null;
}

/** As soon as possible only while open; otherwise one of the slots the checkout offers. Answers when it should be ready or arrive. */
function estimatedAt(store: OrderingStore, body: PlaceOrderBody, now: Date): { at: Date | null; refusal: Refusal | null } {
  const eta = body.fulfilment === 'pickup' ? store.storefront.pickup : store.storefront.delivery;
  if (body.scheduled_for === null) {
    const { status } = store.storefront;
    if (!status.open_now) return { at: null, refusal: refusal(409, 'closed', 'scheduled_for', `${status.label}. Please choose a time for later.`) };
    return { at: new Date(now.getTime() + eta.eta_to * 60_000), refusal: null };
  }
  if (!isOrderSlot(store.schedule, now, eta.eta_from, body.scheduled_for)) {
    return {
      at: null,
      refusal: refusal(409, 'not_a_slot', 'scheduled_for', 'This time is not one we can take orders for. Please choose one of the times offered.'),
    };
  }
  return { at: new Date(body.scheduled_for), refusal: null };
}

/**
 * The delivery fee and the minimum by the order engine (contracts/ordering/order-terms.ts: the
 * figures and sentence the checkout shows), and when the order is due; with every refusal of the
 * terms, in the order placing meets them (`estimatedAt` null when the time is refused).
 */
export function orderTerms(
  store: OrderingStore,
  body: PlaceOrderBody,
  subtotalCents: number,
  now: Date,
): { feeCents: number; estimatedAt: Date | null; refusals: Refusal[] } {
  const { delivery, restaurant } = store.storefront;
  const figures = orderFigures(body.fulfilment, subtotalCents, termsOf(delivery), restaurant.currency);
  const due = estimatedAt(store, body, now);
  const refusals = [
    fulfilmentRefusal(store, body),
    figures.minimum === null ? null : refusal(409, 'below_minimum', 'lines', figures.minimum),
    due.refusal,
  ].filter((refused) => refused !== null);
  return { feeCents: figures.fee, estimatedAt: due.at, refusals };
}
