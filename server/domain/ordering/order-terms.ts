import type { PlaceOrderBody } from '../../../contracts/ordering';
import { orderFigures, termsOf } from '../../../contracts/ordering/order-terms';
import {
  ASAP_FULL,
  asapAvailability,
  checkSlot,
  pausedSentence,
  pauseAt,
  SLOT_FULL,
  type KitchenPace,
  type SlotLoad,
} from '../../../contracts/ordering/availability';
import { clockOf } from '../../../contracts/shared/clock-format';
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

/** What the kitchen's pace adds to the terms (kitchen-pace.ts): its settings and what each slot holds. */
export type KitchenLoad = { pace: KitchenPace; taken: Readonly<Record<string, SlotLoad>> };

/** When the order is due, and the slot it takes of the kitchen's capacity. */
export type OrderTime = { at: Date; slot: Date; asapMoved: boolean };

/**
 * By the availability engine (contracts/ordering/availability.ts), as the checkout offers times:
 * as soon as possible only while open and not paused, in the slot its ready time falls in or the
 * next with room; otherwise one of the offered slots (not full, not paused). Each refusal names
 * `scheduled_for`.
 */
export function orderTime(store: OrderingStore, body: PlaceOrderBody, now: Date, kitchen: KitchenLoad): { time: OrderTime | null; refusal: Refusal | null } {
  const eta = body.fulfilment === 'pickup' ? store.storefront.pickup : store.storefront.delivery;
  const items = body.lines.reduce((sum, line) => sum + line.quantity, 0);
  const input = { schedule: store.schedule, now, eta, pace: kitchen.pace, taken: kitchen.taken, items };
  const clock = clockOf(store.storefront.restaurant);
  const paused = () => refusal(409, 'paused', 'scheduled_for', pausedSentence(pauseAt(kitchen.pace, now)!, clock, now));
  if (body.scheduled_for === null) {
    const { asap, asap_refusal: refused } = asapAvailability(input);
    if (asap) return { time: { at: new Date(asap.ready_at), slot: new Date(asap.slot), asapMoved: asap.moved }, refusal: null };
    const { status } = store.storefront;
    if (refused === 'closed') return { time: null, refusal: refusal(409, 'closed', 'scheduled_for', `${status.label}. Please choose a time for later.`) };
    if (refused === 'paused') return { time: null, refusal: paused() };
    return { time: null, refusal: refusal(409, 'slot_full', 'scheduled_for', ASAP_FULL) };
  }
  const refused = checkSlot(input, body.scheduled_for);
  if (refused === 'not_a_slot') {
    return {
      time: null,
      refusal: refusal(409, 'not_a_slot', 'scheduled_for', 'This time is not one we can take orders for. Please choose one of the times offered.'),
    };
  }
  if (refused === 'paused') return { time: null, refusal: paused() };
  if (refused === 'full') return { time: null, refusal: refusal(409, 'slot_full', 'scheduled_for', SLOT_FULL) };
  const at = new Date(body.scheduled_for);
  return { time: { at, slot: at, asapMoved: false }, refusal: null };
}

/**
 * The delivery fee and the minimum by the order engine (contracts/ordering/order-terms.ts: the
 * figures and sentence the checkout shows), and when the order is due; with every refusal of the
 * terms, in the order placing meets them (`time` null when it is refused).
 */
export function orderTerms(
  store: OrderingStore,
  body: PlaceOrderBody,
  subtotalCents: number,
  now: Date,
  kitchen: KitchenLoad,
): { feeCents: number; time: OrderTime | null; refusals: Refusal[] } {
  const { delivery, restaurant } = store.storefront;
  const figures = orderFigures(body.fulfilment, subtotalCents, termsOf(delivery), restaurant.currency);
  const due = orderTime(store, body, now, kitchen);
  const refusals = [
    fulfilmentRefusal(store, body),
    figures.minimum === null ? null : refusal(409, 'below_minimum', 'lines', figures.minimum),
    due.refusal,
  ].filter((refused) => refused !== null);
  return { feeCents: figures.fee, time: due.time, refusals };
}
