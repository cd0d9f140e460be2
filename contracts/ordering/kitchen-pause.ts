import { boolean, nullable, number, object, optional, string, Struct, type Infer } from 'superstruct';
import { formatTime, type Clock } from '../shared/clock-format';
import { IdText } from '../shared/lists';
import { busyMinutesAt, pauseAt } from '../shared/store-pause';

/**
 * Busy mode (issue 45): from the order board the kitchen pauses new orders for a while or until it
 * reopens, and adds minutes to every prep time while it is swamped. Both end by themselves: what
 * is stored is when they end, and every reader compares it with its own clock (no job runs).
 *
 * - `POST /api/v2/orders/pause/` `{ minutes: 15 | 30 | 60 | null }` pauses (null: until reopened);
 *   `DELETE /api/v2/orders/pause/` reopens.
 * - `POST /api/v2/orders/busy/` `{ minutes: 10 | 20 | 0 }` adds minutes for BUSY_HOURS (0: back to
 *   normal); pressing again starts the time over with the minutes chosen (they are not summed).
 * - `GET /api/v2/orders/pace/` reads both. Each takes `?restaurant_id=` like the board's other
 *   calls (an owner their restaurant, an administrator the one chosen), and answers BusyState.
 */

export const PAUSE_MINUTES = [15, 30, 60] as const;
export const BUSY_MINUTES = [10, 20] as const;
/** How long added prep minutes last: a rush, not a day; the owner presses again if it goes on. */
export const BUSY_HOURS = 2;

export const PaceQuery = object({ restaurant_id: optional(IdText) });
export type PaceQuery = Infer<typeof PaceQuery>;

/**
 * One of a few numbers, refused with the sentence given. Built as superstruct's own `enums` is (the
 * same type and schema, so the API description and the hostile-input tests read the choices), with
 * a sentence a person can act on instead of "Expected one of `15,30,60`".
 */
const oneOf = <T extends number>(choices: readonly T[], sentence: string) =>
  new Struct<T, { [K in T]: K }>({
    type: 'enums',
    schema: Object.fromEntries(choices.map((choice) => [choice, choice])) as { [K in T]: K },
    validator: (value) => choices.includes(value as T) || sentence,
  });

export const PauseBody = object({
  minutes: nullable(oneOf(PAUSE_MINUTES, 'Choose 15, 30 or 60 minutes, or null to pause until you reopen.')),
});
export type PauseBody = Infer<typeof PauseBody>;

export const BusyBody = object({ minutes: oneOf([...BUSY_MINUTES, 0 as const], 'Choose 10 or 20 minutes, or 0 for normal prep times.') });
export type BusyBody = Infer<typeof BusyBody>;

/** The kitchen's pace now: what the board shows. Times are ISO 8601 (UTC). */
export const BusyState = object({
  paused: boolean(),
  /** When the pause ends by itself; null while paused until reopened, or when not paused. */
  paused_until: nullable(string()),
  /** 0 when prep times are normal. */
  busy_extra_minutes: number(),
  /** When the extra minutes end; null when there are none. */
  busy_until: nullable(string()),
  /** The restaurant's clock, so the board writes the times its way. */
  time_zone: string(),
  country: nullable(string()),
});
export type BusyState = Infer<typeof BusyState>;

/** The stored columns (restaurant_kitchen_settings) as they read at `now`. */
export type PaceColumns = { pausedAt: Date | null; pausedUntil: Date | null; busyExtraMinutes: number; busyUntil: Date | null };

/** The pace the columns say at `now`: a pause or busy time whose end has passed reads as none. */
export function paceAt(columns: PaceColumns | undefined, now: Date): Pick<BusyState, 'paused' | 'paused_until' | 'busy_extra_minutes' | 'busy_until'> {
  const until = columns?.pausedUntil?.toISOString() ?? null;
  const paused = columns?.pausedAt != null && pauseAt({ until }, now) !== null;
  const busyUntil = columns?.busyUntil?.toISOString() ?? null;
  const extra = busyMinutesAt(columns?.busyExtraMinutes, busyUntil, now);
  return { paused, paused_until: paused ? until : null, busy_extra_minutes: extra, busy_until: extra > 0 ? busyUntil : null };
}

/** The same reading of an answer the board has held a while: it stops saying "paused" at the time. */
export function paceNow(pace: BusyState, now: Date): BusyState {
  const paused = pace.paused && pauseAt({ until: pace.paused_until }, now) !== null;
  const extra = busyMinutesAt(pace.busy_extra_minutes, pace.busy_until, now);
  return { ...pace, paused, paused_until: paused ? pace.paused_until : null, busy_extra_minutes: extra, busy_until: extra > 0 ? pace.busy_until : null };
}

const clockOfPace = (pace: BusyState): Clock => ({ zone: pace.time_zone, country: pace.country });

/** The board's banner: "Not taking new orders until 7:30 PM" / "… until you reopen"; null when taking orders. */
export function pauseBanner(pace: BusyState): string | null {
  if (!pace.paused) return null;
  return `Not taking new orders until ${pace.paused_until === null ? 'you reopen' : formatTime(pace.paused_until, clockOfPace(pace))}`;
}

/** "Prep times +20 minutes until 9:15 PM"; null when prep times are normal. */
export function busyLine(pace: BusyState): string | null {
  if (pace.busy_extra_minutes === 0 || pace.busy_until === null) return null;
  return `Prep times +${pace.busy_extra_minutes} minutes until ${formatTime(pace.busy_until, clockOfPace(pace))}`;
}

/** The words of each pause choice on the board's menu. */
export const pauseChoiceLabel = (minutes: PauseBody['minutes']): string =>
  minutes === null ? 'Until I reopen' : minutes === 60 ? '1 hour' : `${minutes} minutes`;
