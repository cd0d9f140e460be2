import { nullable, number, object, refine, string, type Infer } from 'superstruct';
import { documented } from './documented';
import { nextMidnight, openingsNear, wallInstant, type Schedule } from './opening-status';

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
  until: `Say until when: "close", "tomorrow" or a date and time (ISO 8601, e.g. 2026-12-01T21:00 in the restaurant's time, or 2026-12-02T03:00:00Z).`,
  past: 'Choose a time after now.',
  tooFar: `Choose a time at most ${SOLD_OUT_DAYS_MAX} days ahead. To take a dish off the menu for longer, make it unavailable.`,
} as const;

/** An ISO 8601 date and time with its offset ("Z" or "+02:00"): an instant wherever it is read. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const isDateTime = (value: string) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
/**
 * A wall date and time with no offset ("2026-12-01T21:00", what a date-and-time field gives): the
 * restaurant's own clock, whatever the zone of the device that sent it.
 */
const WALL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;
const isWallDateTime = (value: string) => WALL_DATE_TIME.test(value) && !Number.isNaN(Date.parse(`${value}:00Z`));

export const SoldOutUntil = documented(
  refine(string(), 'until', (value) => value === 'close' || value === 'tomorrow' || isDateTime(value) || isWallDateTime(value) || SOLD_OUT_MESSAGES.until),
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
 * and time after now and at most SOLD_OUT_DAYS_MAX days ahead (with no offset, read on the
 * restaurant's clock).
 */
export function resolveSoldOutUntil(until: string, schedule: Schedule, now: Date): SoldOutResolved {
  if (until === 'close') return { ok: true, at: new Date(closeOf(schedule, now)) };
  if (until === 'tomorrow') return { ok: true, at: new Date(nextMidnight(schedule.time_zone, now)) };
  const wall = isWallDateTime(until) ? WALL_DATE_TIME.exec(until) : null;
  if (!wall && !isDateTime(until)) return { ok: false, message: SOLD_OUT_MESSAGES.until };
  const at = wall ? wallInstant(schedule.time_zone, wall[1]!, wall[2]!) : Date.parse(until);
  if (at <= now.getTime()) return { ok: false, message: SOLD_OUT_MESSAGES.past };
  if (at > now.getTime() + SOLD_OUT_DAYS_MAX * DAY_MS) return { ok: false, message: SOLD_OUT_MESSAGES.tooFar };
  return { ok: true, at: new Date(at) };
}
