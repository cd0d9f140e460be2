import type { PlaceOrderBody } from '../../../contracts/ordering';
import { formatMoney } from '../../../contracts/shared/money-format';
import { isOrderSlot } from '../../../contracts/shared/order-slots';
import { HttpError } from '../../http-error';
import { toCents } from './order-pricing';
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

/** The delivery fee: none for pickup, none from the free-over amount on; below the minimum, refused. */
function feeCents(store: OrderingStore, body: PlaceOrderBody, subtotalCents: number): number {
  if (body.fulfilment === 'pickup') return 0;
  const { delivery, restaurant } = store.storefront;
  if (delivery.min_order !== null && subtotalCents < toCents(delivery.min_order)) {
    const money = (cents: number) => formatMoney(cents / 100, restaurant.currency);
    throw refused(
      409,
      'below_minimum',
      'lines',
      `Delivery needs an order of at least ${money(toCents(delivery.min_order))}; this one is ${money(subtotalCents)}.`,
    );
  }
  if (delivery.free_over !== null && subtotalCents >= toCents(delivery.free_over)) return 0;
  return toCents(delivery.fee);
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
