import { boolean, coerce, integer, literal, nullable, object, refine, string, type, type Infer, type Struct } from 'superstruct';
import { fieldFailure as at } from './validation';
import { documented } from './documented';

/**
 * Opening hours as the hours step saves them and the store shows them (issue 29): the week's
 * days, special days (a date closed or with its own times) and the IANA time zone they are kept
 * in. Whether the restaurant is open at an instant is decided by contracts/shared/opening-status.ts.
 */

/** Spec section 9: every 15 minutes across 24 hours, "00:00" to "23:45". */
export const TIME_STEP_MINUTES = 15;
export const TIME_CHOICES: readonly string[] = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, index) => {
  const total = index * TIME_STEP_MINUTES;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
});
const TIME_SET = new Set(TIME_CHOICES);

/** Minutes after midnight of an "HH:MM" time. */
export function timeToMinutes(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

export const Time = nullable(refine(string(), 'time', (value) => TIME_SET.has(value) || 'Choose a time on the 15-minute grid, from 00:00 to 23:45 (HH:MM).'));

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const NO_TIMES = { open_time: null, break_start: null, reopen_time: null, close_time: null } as const;

/**
 * One day. A closed day has no times (they are cleared). Times are "HH:MM" on the 15-minute
 * grid; a closing time earlier than the opening time closes on the next day (open 18:00, close
 * 02:00 is open overnight until 02:00), and a break must lie inside the opening hours counted
 * that way.
 */
export const OpeningDay = refine(
  coerce(
    object({
      day_of_week: refine(integer(), 'day', (value) => (value >= 1 && value <= 7) || 'Days of the week are 1 (Monday) to 7 (Sunday).'),
      closed: boolean(),
      open_time: Time,
      break_start: Time,
      reopen_time: Time,
      close_time: Time,
    }),
    type({ closed: literal(true) }),
    (value) => ({ ...value, ...NO_TIMES }),
  ),
  'day',
  function* (day, context) {
    if (day.closed) return;
    if ((day.break_start === null) !== (day.reopen_time === null)) {
      yield at(context, [day.break_start === null ? 'break_start' : 'reopen_time'], 'Give both the break and the reopening time, or neither.');
    }
    if (day.open_time === null || day.close_time === null || !TIME_SET.has(day.open_time) || !TIME_SET.has(day.close_time)) return;
    if (day.open_time === day.close_time) {
      yield at(context, ['close_time'], 'The closing time must differ from the opening time.');
      return;
    }
    if (day.break_start === null || day.reopen_time === null || !TIME_SET.has(day.break_start) || !TIME_SET.has(day.reopen_time)) return;
    // Times before the opening time belong to the next day (overnight hours).
    const open = timeToMinutes(day.open_time);
    const onTimeline = (time: string) => (timeToMinutes(time) < open ? timeToMinutes(time) + 24 * 60 : timeToMinutes(time));
    const [pause, reopen, close] = [onTimeline(day.break_start), onTimeline(day.reopen_time), onTimeline(day.close_time)];
    if (!(open < pause && pause < reopen && reopen < close)) {
      yield at(context, ['break_start'], 'The break must start after opening and end (reopen) before closing.');
    }
  },
);
export type OpeningDay = Infer<typeof OpeningDay>;

/**
 * Spec sections 4 and 9: Monday closed, Tuesday to Sunday 08:00 to 20:00, no breaks. The hours
 * step starts from it, and a launched store whose hours were never saved shows it.
 */
export const DEFAULT_WEEK: OpeningDay[] = DAY_NAMES.map((_, index) => ({
  day_of_week: index + 1,
  closed: index === 0,
  open_time: index === 0 ? null : '08:00',
  break_start: null,
  reopen_time: null,
  close_time: index === 0 ? null : '20:00',
}));

/** Issue 29: at most 60 special days; a note customers read beside the date. */
export const SPECIAL_DAYS_MAX = 60;
export const SPECIAL_DAY_NOTE_MAX = 200;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Whether `value` is a calendar date "YYYY-MM-DD" that exists (no 31 June), else what is wrong. */
function calendarDateCheck(value: string): true | string {
  if (!ISO_DATE.test(value)) return 'Give the date as YYYY-MM-DD.';
  const parsed = new Date(`${value}T00:00:00Z`);
  return parsed.toISOString().slice(0, 10) === value || `${value} is not a date of the calendar.`;
}

/** A calendar date "YYYY-MM-DD" that exists (no 31 June): the orders list's `day`, a booked slot's date. */
export const CalendarDate = documented(refine(string(), 'date', calendarDateCheck), { format: 'date' });

/** Issue 40: a new special day starts without a date, and cannot be saved until one is chosen. */
export const SPECIAL_DAY_DATE_MISSING = 'Choose the date of this special day.';

/** A special day's date: a real calendar date, and a clear request for one while it is empty. */
const SpecialDate = documented(
  refine(string(), 'date', (value) => (value === '' ? SPECIAL_DAY_DATE_MISSING : calendarDateCheck(value))),
  { format: 'date' },
);

/**
 * One special day: closed (its times are cleared), or open from `open_time` to `close_time` (a
 * closing time earlier than the opening time closes on the next day, as on the weekly days).
 */
export const SpecialDay = refine(
  coerce(
    object({
      date: SpecialDate,
      closed: boolean(),
      open_time: Time,
      close_time: Time,
      note: documented(
        coerce(
          refine(string(), 'length', (value) => value.length <= SPECIAL_DAY_NOTE_MAX || `The note must be at most ${SPECIAL_DAY_NOTE_MAX} characters.`),
          string(),
          (value) => value.trim(),
        ),
        { maxLength: SPECIAL_DAY_NOTE_MAX },
      ),
    }),
    type({ closed: literal(true) }),
    (value) => ({ ...value, open_time: null, close_time: null }),
  ),
  'special_day',
  function* (day, context) {
    if (day.closed) return;
    if (day.open_time === null) yield at(context, ['open_time'], 'Choose an opening time, or mark the day closed.');
    if (day.close_time === null) yield at(context, ['close_time'], 'Choose a closing time, or mark the day closed.');
    if (day.open_time !== null && day.open_time === day.close_time) yield at(context, ['close_time'], 'The closing time must differ from the opening time.');
  },
);
export type SpecialDay = Infer<typeof SpecialDay>;

/** Whether this JavaScript engine knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name such as "America/Chicago". */
export const TimeZone = documented(
  refine(string(), 'time_zone', (value) => isTimeZone(value) || 'Choose a time zone from the list (an IANA name such as America/Chicago).'),
  { maxLength: 64, description: 'An IANA time zone name, e.g. America/Chicago.' },
) as Struct<string, null>;
