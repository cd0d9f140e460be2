import { array, integer, nullable, object, size, string, type Infer } from 'superstruct';
import { formatDayTime, formatTime, wallDateTime, type Clock } from '../shared/clock-format';
import { nextMidnight, openingStatus, type Schedule } from '../shared/opening-status';
import { isOrderSlot, orderSlots, SLOT_MINUTES, type SlotDay } from '../shared/order-slots';

/**
 * The one availability engine (issue 45): when a customer may ask for an order, for the store
 * page, the checkout and the server alike. It builds on the 15-minute slots of order-slots.ts
 * (hours, special days, overnight spans, daylight-saving changes) and adds the kitchen's pace:
 *
 * - The lead: the store's quoted time (eta_from for slots, eta_to for as soon as possible) plus
 *   the notice the kitchen asks for (min_lead_minutes) plus, while busy_until is ahead, its busy
 *   extra minutes. No slot earlier than now plus the lead is offered.
 * - Capacity per 15-minute slot, pickup and delivery together (one kitchen): a slot holding
 *   max_orders_per_slot orders, or that would pass max_items_per_slot items with this order's,
 *   is full and not offered.
 * - The pause: while paused_at is set and paused_until is null or ahead, nothing as soon as
 *   possible, and no slot before paused_until; a pause until reopened (no end) closes the rest of
 *   the restaurant's day (its calendar date), later days stay orderable.
 * - As soon as possible: only while open and not paused; the order takes the slot its ready time
 *   falls in, or when that one is full the next offered slot with room (and says so).
 *
 * Offered slots and checkSlot agree by construction: a slot is offered exactly when checkSlot
 * accepts it (the property tests hold them to it).
 */

/** What a slot already holds: orders not cancelled or expired, and their items. */
export type SlotLoad = { orders: number; items: number };

/** The kitchen's pace as the engine reads it (server/domain/ordering/kitchen-pace.ts; GET …/slots/). ISO instants. */
export type KitchenPace = {
  max_orders_per_slot: number | null;
  max_items_per_slot: number | null;
  min_lead_minutes: number;
  busy_extra_minutes: number;
  busy_until: string | null;
  paused_at: string | null;
  paused_until: string | null;
};

/** No limits, no notice, no pause: a store whose kitchen never set its pace. */
export const FREE_PACE: KitchenPace = {
  max_orders_per_slot: null,
  max_items_per_slot: null,
  min_lead_minutes: 0,
  busy_extra_minutes: 0,
  busy_until: null,
  paused_at: null,
  paused_until: null,
};

export type AvailabilityInput = {
  schedule: Schedule;
  now: Date;
  /** The store's quoted minutes for this way of ordering (pickup or delivery). */
  eta: { eta_from: number; eta_to: number };
  pace: KitchenPace;
  /** What each slot (ISO instant) holds; slots not listed hold nothing. */
  taken: Readonly<Record<string, SlotLoad>>;
  /** Items in the order asked about (the sum of its quantities); at least 1. */
  items: number;
};

export type SlotRefusal = 'not_a_slot' | 'paused' | 'full';

/** As soon as possible: the slot it takes and when it should be ready; `moved` when its own slot was full. */
export type AsapSlot = { slot: string; ready_at: string; moved: boolean };

export type Availability = {
  /** Null when as soon as possible cannot be asked for: see `asap_refusal`. */
  asap: AsapSlot | null;
  asap_refusal: 'closed' | 'paused' | 'full' | null;
  /** The slots offered, by the restaurant's date; full and paused slots left out. */
  days: SlotDay[];
  /** Whether the kitchen is paused now, and until when (null: until reopened). */
  pause: { until: string | null } | null;
};

const SLOT_MS = SLOT_MINUTES * 60_000;
const MINUTE = 60_000;

/** The busy extra minutes while busy_until is ahead, else 0. */
function busyMinutes(pace: KitchenPace, now: Date): number {
  return pace.busy_until !== null && Date.parse(pace.busy_until) > now.getTime() ? pace.busy_extra_minutes : 0;
}

/** The minutes before the earliest slot: the quickest quote, the kitchen's notice, its busy minutes. */
export const slotLead = (input: Pick<AvailabilityInput, 'eta' | 'pace' | 'now'>): number =>
  input.eta.eta_from + input.pace.min_lead_minutes + busyMinutes(input.pace, input.now);

/** The pause in force at `now`, or null. */
export function pauseAt(pace: KitchenPace, now: Date): { until: string | null } | null {
  if (pace.paused_at === null) return null;
  if (pace.paused_until !== null && Date.parse(pace.paused_until) <= now.getTime()) return null;
  return { until: pace.paused_until };
}

/** Whether the pause in force keeps `slot` (ms) from being ordered. */
function pausedSlot(input: AvailabilityInput, slot: number): boolean {
  const pause = pauseAt(input.pace, input.now);
  if (pause === null) return false;
  // Until reopened: the rest of the restaurant's calendar day.
  return slot < (pause.until !== null ? Date.parse(pause.until) : nextMidnight(input.schedule.time_zone, input.now));
}

/** Whether `slot` (ISO) has room for an order of `items` items. */
function hasRoom(input: AvailabilityInput, slot: string): boolean {
  const held = input.taken[slot] ?? { orders: 0, items: 0 };
  const { max_orders_per_slot: maxOrders, max_items_per_slot: maxItems } = input.pace;
  if (maxOrders !== null && held.orders + 1 > maxOrders) return false;
  return maxItems === null || held.items + Math.max(1, input.items) <= maxItems;
}

/** Whether a slot the hours offer stays orderable: not in the pause, with room for this order. */
const orderable = (input: AvailabilityInput, slot: string) => !pausedSlot(input, Date.parse(slot)) && hasRoom(input, slot);

/** Why `instant` cannot be asked for, or null when it can: the server's check, the offered list's test. */
export function checkSlot(input: AvailabilityInput, instant: string): SlotRefusal | null {
  if (!isOrderSlot(input.schedule, input.now, slotLead(input), instant)) return 'not_a_slot';
  const slot = new Date(Date.parse(instant)).toISOString();
  if (pausedSlot(input, Date.parse(slot))) return 'paused';
  return hasRoom(input, slot) ? null : 'full';
}

/**
 * The slots offered: the hours' slots (orderSlots, which are exactly those isOrderSlot accepts)
 * that stay orderable, so a slot is offered exactly when checkSlot accepts it.
 */
export function offeredSlots(input: AvailabilityInput): SlotDay[] {
  return orderSlots(input.schedule, input.now, slotLead(input))
    .map((day) => ({ date: day.date, slots: day.slots.filter((slot) => orderable(input, slot)) }))
    .filter((day) => day.slots.length > 0);
}

export function availability(input: AvailabilityInput): Availability {
  const days = offeredSlots(input);
  return { ...asapOf(input, () => days), days, pause: pauseAt(input.pace, input.now) };
}

/**
 * As soon as possible alone (placing an order): its ready time, the slot that time falls in when
 * it has room, else the next offered slot; the week's slots are worked out only in that last case.
 */
export const asapAvailability = (input: AvailabilityInput): Pick<Availability, 'asap' | 'asap_refusal'> => asapOf(input, () => offeredSlots(input));

function asapOf(input: AvailabilityInput, days: () => readonly SlotDay[]): Pick<Availability, 'asap' | 'asap_refusal'> {
  if (!openingStatus(input.schedule, input.now).open_now) return { asap: null, asap_refusal: 'closed' };
  if (pauseAt(input.pace, input.now) !== null) return { asap: null, asap_refusal: 'paused' };
  const readyAt = input.now.getTime() + (input.eta.eta_to + input.pace.min_lead_minutes + busyMinutes(input.pace, input.now)) * MINUTE;
  const own = new Date(Math.floor(readyAt / SLOT_MS) * SLOT_MS).toISOString();
  if (hasRoom(input, own)) return { asap: { slot: own, ready_at: new Date(readyAt).toISOString(), moved: false }, asap_refusal: null };
  const later = days()
    .flatMap((day) => day.slots)
    .find((slot) => slot > own);
  if (later === undefined) return { asap: null, asap_refusal: 'full' };
  return { asap: { slot: later, ready_at: later, moved: true }, asap_refusal: null };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v2/storefront/{slug}/slots/: the engine's inputs that change with every order and every
// press of the board's buttons, so never in the cached store data. The checkout and store page run
// `availability` with them and the store's hours and quotes; the server runs it with the same.

/** At most the schedule's days of 15-minute slots (8 × 96): only slots holding an order are listed. */
export const SLOT_LOADS_MAX = 8 * 96;

export const StoreSlots = object({
  pace: object({
    max_orders_per_slot: nullable(integer()),
    max_items_per_slot: nullable(integer()),
    min_lead_minutes: integer(),
    busy_extra_minutes: integer(),
    busy_until: nullable(string()),
    paused_at: nullable(string()),
    paused_until: nullable(string()),
  }),
  taken: size(array(object({ slot: string(), orders: integer(), items: integer() })), 0, SLOT_LOADS_MAX),
});
export type StoreSlots = Infer<typeof StoreSlots>;

/** The answer's list as the engine reads it. */
export const takenOf = (answer: StoreSlots): Record<string, SlotLoad> =>
  Object.fromEntries(answer.taken.map(({ slot, orders, items }) => [new Date(slot).toISOString(), { orders, items }]));

// ---------------------------------------------------------------------------------------------
// Sentences, the same at both ends

export const SLOT_FULL = 'This time is fully booked. Please choose another time.';
export const ASAP_FULL = 'We are fully booked for the rest of the day. Please choose a later time.';

/** "6:45 PM" today, else "Tue, Dec 1, 6:45 PM", on the restaurant's clock. */
function whenOf(instant: string, clock: Clock, now: Date): string {
  return wallDateTime(instant, clock.zone).date === wallDateTime(now, clock.zone).date ? formatTime(instant, clock) : formatDayTime(instant, clock);
}

/** Why nothing is taken now: "We are not taking orders until 7:30 PM. You can choose a later time." */
export function pausedSentence(pause: { until: string | null }, clock: Clock, now: Date): string {
  if (pause.until === null) return 'We are not taking orders for the rest of today. You can choose a time on a later day.';
  return `We are not taking orders until ${whenOf(pause.until, clock, now)}. You can choose a later time.`;
}

/** The as-soon-as-possible choice as the customer reads it: "As soon as possible: ready around 6:45 PM" (or "delivered around"). */
export function asapLabel(asap: AsapSlot, fulfilment: 'pickup' | 'delivery', clock: Clock, now: Date): string {
  const verb = fulfilment === 'pickup' ? 'ready' : 'delivered';
  const when = whenOf(asap.ready_at, clock, now);
  return asap.moved ? `As soon as possible: ${verb} around ${when} (the earlier times are fully booked)` : `As soon as possible: ${verb} around ${when}`;
}
