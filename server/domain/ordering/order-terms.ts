import type { PlaceOrderBody } from '../../../contracts/ordering';
import { orderFigures, termsOf } from '../../../contracts/ordering/order-terms';
import { isOrderSlot } from '../../../contracts/shared/order-slots';
import { HttpError } from '../../http-error';
import type { OrderingStore } from './store-readers';

/**
 * The store's terms an order is held to (issue 30), beside its prices: which fulfilments it
 * offers, where it delivers, its minimum, its hours. Each refusal names the field to change.
 * Answers the fee and when the order should be ready (pickup) or arrive (delivery).
 */

const refused = (status: 400 | 409, code: string, field: string, detail: string) => new HttpError(status, code, detail, { fields: { [field]: detail } });

/** Fulfilment offered; an address exactly when delivering, in a zip the store covers. */
function checkFulfilment(store: OrderingStore, body: PlaceOrderBody): void {
  const { pickup, delivery } = store.storefront;
  if (body.fulfilment === 'pickup' && !pickup.available) throw refused(409, 'fulfilment_unavailable', 'fulfilment', 'This restaurant does not offer pickup.');
  if (body.fulfilment === 'delivery' && !delivery.available) {
    throw refused(409, 'fulfilment_unavailable', 'fulfilment', 'This restaurant does not deliver.');
  }
  if (body.fulfilment === 'pickup') {
    if (body.address) throw refused(400, 'invalid', 'address', 'No address is needed for pickup.');
    return;
  }
  if (!body.address) throw refused(400, 'address_required', 'address', 'Please enter the delivery address.');
  if (!store.delivers(body.address.zip_code)) {
    throw refused(409, 'zip_not_covered', 'address.zip_code', `Sorry, we do not deliver to ${body.address.zip_code}. You can pick the order up instead.`);
  }
}

/** The delivery fee and the minimum, by the order engine (contracts/ordering/order-terms.ts): the figures and sentence the checkout shows. */
function feeCents(store: OrderingStore, body: PlaceOrderBody, subtotalCents: number): number {
  const { delivery, restaurant } = store.storefront;
  const figures = orderFigures(body.fulfilment, subtotalCents, termsOf(delivery), restaurant.currency);
  if (figures.minimum !== null) throw refused(409, 'below_minimum', 'lines', figures.minimum);
  return figures.fee;
}

/** As soon as possible only while open; otherwise one of the slots the checkout offers. Answers when it should be ready or arrive. */
function estimatedAt(store: OrderingStore, body: PlaceOrderBody, now: Date): Date {
  const eta = body.fulfilment === 'pickup' ? store.storefront.pickup : store.storefront.delivery;
  if (body.scheduled_for === null) {
    const { status } = store.storefront;
    if (!status.open_now) throw refused(409, 'closed', 'scheduled_for', `${status.label}. Please choose a time for later.`);
    return new Date(now.getTime() + eta.eta_to * 60_000);
  }
  if (!isOrderSlot(store.schedule, now, eta.eta_from, body.scheduled_for)) {
    throw refused(409, 'not_a_slot', 'scheduled_for', 'This time is not one we can take orders for. Please choose one of the times offered.');
  }
  return new Date(body.scheduled_for);
}

export function orderTerms(store: OrderingStore, body: PlaceOrderBody, subtotalCents: number, now: Date): { feeCents: number; estimatedAt: Date } {
  checkFulfilment(store, body);
  return { feeCents: feeCents(store, body, subtotalCents), estimatedAt: estimatedAt(store, body, now) };
}
