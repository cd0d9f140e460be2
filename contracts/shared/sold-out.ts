import { nullable, number, object, refine, string, type Infer } from 'superstruct';
import { formatTimeOrDayTime, wallDateTime, type Clock } from './clock-format';
import { documented } from './documented';
import { addDays, nextMidnight, openingsNear, type Schedule } from './opening-status';

/**
 * Sold out (86) that ends by itself (issue 45): an item or an extra selection is sold out while
 * its `sold_out_until` is after now, and orderable again the moment it passes; nothing needs to
 * run for that, since the store page, the cart and the server each compare it with their clock.
 * The owner says "until close", "until tomorrow" or a date and time; this module turns that into
 * the instant, and words it for customers, so both ends say the same thing.
 */

/** How far ahead a date and time may be: an 86 is for a shortage, not for taking a dish off the menu (that is `available`). */
export const SOLD_OUT_DAYS_MAX = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const SOLD_OUT_MESSAGES = {
  until: `Say until when: "close", "tomorrow" or a date and time (ISO 8601 with its offset, e.g. 2026-12-01T21:00:00Z).`,
  past: 'Choose a time after now.',
  tooFar: `Choose a time at most ${SOLD_OUT_DAYS_MAX} days ahead. To take a dish off the menu for longer, make it unavailable.`,
} as const;

/** An ISO 8601 date and time with its offset ("Z" or "+02:00"): a bare local time would be read in the server's zone. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const isDateTime = (value: string) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));

export const SoldOutUntil = documented(
  refine(string(), 'until', (value) => value === 'close' || value === 'tomorrow' || isDateTime(value) || SOLD_OUT_MESSAGES.until),
  { maxLength: 40 },
);

/** POST `/menu/items/{id}/sold-out/` and `/menu/extra-options/selections/{id}/sold-out/`. */
export const SoldOutBody = object({ until: SoldOutUntil });
export type SoldOutBody = Infer<typeof SoldOutBody>;

/** The answer of POST and DELETE: the row's `sold_out_until` (ISO 8601, UTC), null when back on sale. */
export const SoldOutState = object({ id: number(), sold_out_until: nullable(string()) });
export type SoldOutState = Infer<typeof SoldOutState>;

/**
 * The end of the opening the restaurant is in now, else of its next one. Open around the clock
 * (or no opening within the week and a day looked at) has no close in sight: then the next
 * midnight, as "until tomorrow", so an 86 never outlives the day it was meant for.
 */
function closeOf(schedule: Schedule, now: Date): number {
  const t = now.getTime();
  const opening = openingsNear(schedule, now).find((span) => span.end > t);
  const horizonEnd = t + 8 * DAY_MS;
  if (!opening || (opening.start <= t && opening.end >= horizonEnd)) return nextMidnight(schedule.time_zone, now);
  return opening.end;
}

export type SoldOutResolved = { ok: true; at: Date } | { ok: false; message: string };

/**
 * The instant `until` means for this restaurant at `now`: 'close' (closeOf), 'tomorrow' (the start
 * of its next calendar day in its own zone, midnight across daylight-saving changes), or a date
 * and time after now and at most SOLD_OUT_DAYS_MAX days ahead.
 */
export function resolveSoldOutUntil(until: string, schedule: Schedule, now: Date): SoldOutResolved {
  if (until === 'close') return { ok: true, at: new Date(closeOf(schedule, now)) };
  if (until === 'tomorrow') return { ok: true, at: new Date(nextMidnight(schedule.time_zone, now)) };
  if (!isDateTime(until)) return { ok: false, message: SOLD_OUT_MESSAGES.until };
  const at = Date.parse(until);
  if (at <= now.getTime()) return { ok: false, message: SOLD_OUT_MESSAGES.past };
  if (at > now.getTime() + SOLD_OUT_DAYS_MAX * DAY_MS) return { ok: false, message: SOLD_OUT_MESSAGES.tooFar };
  return { ok: true, at: new Date(at) };
}

/** Sold out at `now`: its time is set and not yet passed. */
export const isSoldOut = (until: string | Date | null | undefined, now: Date): boolean => until != null && new Date(until).getTime() > now.getTime();

/**
 * "until 9:00 PM" (on `today`, the restaurant's date), "until tomorrow" (the next date's midnight),
 * else "until Tue, Dec 1, 9:00 PM": what the store, the cart and the server's refusal say. Read
 * from the date rather than the instant, so the store page's first render in the browser says
 * what the server's did.
 */
export function soldOutWords(until: string | Date, clock: Clock, today: string): string {
  const { date, time } = wallDateTime(until, clock.zone);
  if (date === addDays(today, 1) && time === '00:00') return 'until tomorrow';
  return `until ${formatTimeOrDayTime(until, clock, today)}`;
}

/** "until 9:00 PM" while `until` is after `now`, else null: the store's note on a sold-out item or selection. */
export const soldOutNote = (until: string | null | undefined, clock: Clock, now: Date): string | null =>
  until != null && isSoldOut(until, now) ? soldOutWords(until, clock, wallDateTime(now, clock.zone).date) : null;

/** What a customer reads of a sold-out item or selection: "Margherita is sold out until 9:00 PM. Please remove it from your order." */
export const soldOutSentence = (name: string, until: string, clock: Clock, today: string) =>
  `${name} is sold out ${soldOutWords(until, clock, today)}. Please remove it from your order.`;

/** A menu as the store data carries it: the parts the sold-out check reads. */
type SoldOutMenu = ReadonlyArray<{
  items: ReadonlyArray<{ id: number; name: string; sold_out_until?: string | null }>;
  extra_groups: ReadonlyArray<{ selections: ReadonlyArray<{ id: number; name: string; sold_out_until?: string | null }> }>;
}>;

export type SoldOutLine = { field: 'item_id' | 'extra_selection_ids'; name: string; until: string; message: string };

/**
 * Each line naming a sold-out item or selection, by line index, with the sentence the customer
 * reads ("Margherita is sold out until 9:00 PM. Please remove it from your order."): the server
 * refuses the order with it (409 `sold_out`), the cart flags the line with it.
 */
export function soldOutLines(
  menu: SoldOutMenu,
  lines: ReadonlyArray<{ item_id: number; extra_selection_ids: readonly number[] }>,
  clock: Clock,
  now: Date,
): Map<number, SoldOutLine> {
  const items = new Map(menu.flatMap((category) => category.items.map((item) => [item.id, item] as const)));
  const selections = new Map(
    menu.flatMap((category) => category.extra_groups.flatMap((group) => group.selections.map((selection) => [selection.id, selection] as const))),
  );
  const found = new Map<number, SoldOutLine>();
  const today = wallDateTime(now, clock.zone).date;
  lines.forEach((line, index) => {
    const item = items.get(line.item_id);
    const selection = line.extra_selection_ids.map((id) => selections.get(id)).find((chosen) => isSoldOut(chosen?.sold_out_until, now));
    const [field, sold] = item && isSoldOut(item.sold_out_until, now) ? (['item_id', item] as const) : (['extra_selection_ids', selection] as const);
    if (!sold?.sold_out_until) return;
    const message = soldOutSentence(sold.name, sold.sold_out_until, clock, today);
    found.set(index, { field, name: sold.name, until: sold.sold_out_until, message });
  });
  return found;
}
