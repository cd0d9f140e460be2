import { DEFAULT_HOURS, TIME_CHOICES, type HoursStep, type OpeningDay } from '../../../contracts/onboarding';

/**
 * The opening-hours rules of the onboarding's Hours step (spec sections 4 and 9), as pure
 * functions over the form's values: the flow machine applies them, the view only shows the
 * result. The contract's coercion applies the same toggles again on both ends; here they run
 * as the owner clicks, so the screen never shows what would not be saved.
 */

export type HoursForm = HoursStep;
export type DayHours = OpeningDay;
export type DayTimeField = 'open_time' | 'break_start' | 'reopen_time' | 'close_time';

const DEFAULT_OPEN = '08:00';
const DEFAULT_CLOSE = '20:00';

const TIMES = new Set(TIME_CHOICES);
const NO_TIMES = { open_time: null, break_start: null, reopen_time: null, close_time: null } as const;

/** "18:30" as an owner in the United States reads it: "6:30 PM". */
export function timeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Spec: Monday closed, Tuesday to Sunday 08:00 to 20:00, neither toggle on. */
export function defaultHours(): HoursForm {
  return { ...DEFAULT_HOURS, hours: DEFAULT_HOURS.hours.map((day) => ({ ...day })) };
}

const mapDays = (form: HoursForm, change: (day: DayHours) => DayHours): HoursForm => ({ ...form, hours: form.hours.map(change) });

/** A day being opened again starts from the default hours where it has none. */
const withDefaultTimes = (day: DayHours): DayHours => ({
  ...day,
  open_time: day.open_time ?? DEFAULT_OPEN,
  close_time: day.close_time ?? DEFAULT_CLOSE,
});

/**
 * 24/7 on clears every time, each time it is turned on, opens every day and turns "closed
 * between" off (a place that never closes has no break). Off gives every day the default hours
 * to edit from rather than seven empty rows.
 */
export function setOpen247(form: HoursForm, on: boolean): HoursForm {
  if (on) return mapDays({ ...form, open_247: true, closed_within: false }, (day) => ({ ...day, closed: false, ...NO_TIMES }));
  return mapDays({ ...form, open_247: false }, withDefaultTimes);
}

/** "Closed between certain hours": refused while 24/7 is on; turning it off clears every break. */
export function setClosedWithin(form: HoursForm, on: boolean): HoursForm {
  if (form.open_247) return form;
  if (on) return { ...form, closed_within: true };
  return mapDays({ ...form, closed_within: false }, (day) => ({ ...day, break_start: null, reopen_time: null }));
}

/** A closed day keeps no times (as the contract stores it); an opened one gets the defaults. */
export function setDayClosed(form: HoursForm, dayOfWeek: number, closed: boolean): HoursForm {
  if (form.open_247) return form;
  return mapDays(form, (day) => {
    if (day.day_of_week !== dayOfWeek) return day;
    return closed ? { ...day, closed: true, ...NO_TIMES } : withDefaultTimes({ ...day, closed: false });
  });
}

/**
 * One time of one day. Refused while 24/7 is on (there are no times then), for a break while
 * "closed between" is off, on a closed day, and for anything off the 15-minute grid.
 */
export function setDayTime(form: HoursForm, dayOfWeek: number, field: DayTimeField, time: string | null): HoursForm {
  if (form.open_247) return form;
  if ((field === 'break_start' || field === 'reopen_time') && !form.closed_within) return form;
  if (time !== null && !TIMES.has(time)) return form;
  return mapDays(form, (day) => (day.day_of_week === dayOfWeek && !day.closed ? { ...day, [field]: time } : day));
}

/** True when a day's hours run past midnight (open 18:00, close 02:00): shown as "next day". */
export function closesNextDay(day: DayHours): boolean {
  return day.open_time !== null && day.close_time !== null && day.close_time < day.open_time;
}

/**
 * A stored or answered value back into a complete form: seven days, Monday to Sunday, each once,
 * times only from the grid. What does not fit (an old draft, a partial answer) takes the default.
 */
export function normaliseHours(raw: unknown): HoursForm {
  const base = defaultHours();
  if (typeof raw !== 'object' || raw === null) return base;
  const value = raw as { open_247?: unknown; closed_within?: unknown; hours?: unknown };
  const days = Array.isArray(value.hours) ? (value.hours as Record<string, unknown>[]) : [];
  const time = (candidate: unknown): string | null => (typeof candidate === 'string' && TIMES.has(candidate) ? candidate : null);
  const open247 = value.open_247 === true;
  return {
    open_247: open247,
    closed_within: value.closed_within === true && !open247,
    hours: base.hours.map((fallback) => {
      const found = days.find((day) => typeof day === 'object' && day !== null && day.day_of_week === fallback.day_of_week);
      if (!found) return fallback;
      return {
        day_of_week: fallback.day_of_week,
        closed: found.closed === true,
        open_time: time(found.open_time),
        break_start: time(found.break_start),
        reopen_time: time(found.reopen_time),
        close_time: time(found.close_time),
      };
    }),
  };
}
