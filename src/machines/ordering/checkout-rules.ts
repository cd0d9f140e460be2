import { validate, type Struct } from 'superstruct';
import type { Fulfilment, PlaceOrderBody } from '../../../contracts/ordering';
import { openingStatus, type Schedule } from '../../../contracts/shared/opening-status';
import { availability, FREE_PACE, takenOf, type Availability, type StoreSlots } from '../../../contracts/ordering/availability';
import type { DeliveryTermsData } from '../../../contracts/ordering/order-terms';
import type { OpeningDay, SpecialDay } from '../../../contracts/shared/opening-hours';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { PaymentMethod } from '../../../contracts/shared/payment-methods';
import { clockOf } from '../../../contracts/shared/clock-format';
import { pauseSentence, type StorePause } from '../../../contracts/shared/store-pause';

/** The checkout's pure rules (issue 30): which step owns a field, which times may be asked for. What the order costs is the order engine's (contracts/ordering/order-terms.ts). */

/**
 * What the checkout reads of the store, as a shape of its own: the storefront area's page data
 * (StorePageData) has these fields and the page's composition root hands it over, so the ordering
 * area never imports the storefront's contract.
 */
export type CheckoutStore = {
  slug: string;
  currency: Currency;
  time_zone: string;
  /** The restaurant's country (the location step's name), which decides how times are written; 24-hour without it. */
  country?: string | null;
  hours: { open_247: boolean; days: readonly OpeningDay[]; special_days: readonly SpecialDay[] };
  pickup: { available: boolean; eta_from: number; eta_to: number };
  delivery: DeliveryTermsData & { available: boolean; eta_from: number; eta_to: number };
  /** Issue 43: whether prices hold the tax, and the tips offered; absent (a server from before): no tips. */
  money?: {
    prices_include_tax: boolean;
    tips: { enabled: boolean; choices: readonly number[]; allow_custom: boolean };
    /** Issue 44: the ways to pay, card first; absent (a server from before): in person only. */
    payment_methods?: readonly PaymentMethod[];
  } | null;
  /** Issue 45: the kitchen's pause of new orders when the store was read; absent: not paused. */
  pause?: StorePause | null;
};

/** The ways the store takes payment, card first; in person where the store data does not say. */
export const paymentMethodsOf = (store: CheckoutStore): readonly PaymentMethod[] => store.money?.payment_methods ?? ['in_person'];
export type Step = 'fulfilment' | 'address' | 'time' | 'contact' | 'review';
export type FieldErrors = Record<string, string>;

export const scheduleOf = (store: CheckoutStore): Schedule => ({ time_zone: store.time_zone, ...store.hours });

export const offeredFulfilments = (store: CheckoutStore): Fulfilment[] => (['pickup', 'delivery'] as const).filter((fulfilment) => store[fulfilment].available);

export const isOpenNow = (store: CheckoutStore, now: Date) => openingStatus(scheduleOf(store), now).open_now;

/** "Not taking orders until 7:30 PM" while the kitchen's pause is still on at `now` (no ASAP then; later times stay), else null. */
export const pauseNoteAt = (store: CheckoutStore, now: Date): string | null => pauseSentence(store.pause, now, clockOf(store));

/**
 * The times to choose from, by the availability engine the server checks with
 * (contracts/ordering/availability.ts): slots every 15 minutes from the quickest the restaurant
 * quotes for this way of ordering, less the full and paused ones, and as soon as possible with its
 * slot. `kitchen`: the store's slots answer (GET …/slots/); null before it comes (or without one):
 * the hours alone, which the server still holds to the kitchen's pace.
 */
/**
 * Until the kitchen's own figures arrive (GET …/slots/, uncached), the pause the store data
 * carried: the checkout never offers "as soon as possible" of a store it knows is paused.
 */
const paceOfStore = (store: CheckoutStore) =>
  store.pause ? { ...FREE_PACE, paused_at: 'as the store data read it', paused_until: store.pause.until } : FREE_PACE;

export const timesFor = (store: CheckoutStore, fulfilment: Fulfilment, now: Date, kitchen: StoreSlots | null, items: number): Availability =>
  availability({
    schedule: scheduleOf(store),
    now,
    eta: store[fulfilment],
    pace: kitchen?.pace ?? paceOfStore(store),
    taken: kitchen ? takenOf(kitchen) : {},
    items,
  });

/** The contract's own failures for `value`, keyed as the server keys them (`customer.phone`): the same sentences at both ends. */
export function contractErrors<T, S>(struct: Struct<T, S>, value: unknown, prefix: string): FieldErrors {
  const [failure] = validate(value, struct, { coerce: true });
  const errors: FieldErrors = {};
  for (const { path, message } of failure?.failures() ?? []) errors[[prefix, ...path].join('.')] ??= message;
  return errors;
}

/** The step a field of the order body is chosen on; null for what the customer cannot fix on a step (a line). */
export function stepOf(field: string): Step | null {
  const head = field.split('.')[0];
  if (head === 'fulfilment') return 'fulfilment';
  if (head === 'address') return 'address';
  if (head === 'scheduled_for') return 'time';
  if (head === 'customer' || head === 'note') return 'contact';
  return null;
}

const STEP_ORDER: Step[] = ['fulfilment', 'address', 'time', 'contact', 'review'];
/** The earliest step owning one of `fields` (the customer fixes them in order), else the review. */
export function firstStepOf(fields: Record<string, string>): Step {
  const steps = Object.keys(fields).map((field) => stepOf(field) ?? 'review');
  return STEP_ORDER.find((step) => steps.includes(step)) ?? 'review';
}

export type OrderForm = {
  fulfilment: Fulfilment | null;
  address: { street: string; city: string; zip_code: string; notes: string };
  when: string | null;
  customer: { name: string; phone: string; email: string };
  note: string;
};

/** The body sent to the server: what was chosen, no price; `scheduled_for` null for as soon as possible. */
export function orderBody(form: OrderForm, lines: PlaceOrderBody['lines']): PlaceOrderBody {
  const { street, city, zip_code, notes } = form.address;
  return {
    fulfilment: form.fulfilment!,
    lines,
    customer: form.customer,
    ...(form.fulfilment === 'delivery' ? { address: { street, city, zip_code, ...(notes.trim() ? { notes } : {}) } } : {}),
    scheduled_for: form.when === 'asap' ? null : form.when,
    ...(form.note.trim() ? { note: form.note } : {}),
  };
}
