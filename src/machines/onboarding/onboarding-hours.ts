import { DEFAULT_HOURS, HoursStep, SPECIAL_DAYS_MAX, TIME_CHOICES, type OpeningDay, type SpecialDay } from '../../../contracts/onboarding';
import { isTimeZone } from '../../../contracts/shared/opening-hours';
import { openingStatus, wallClock } from '../../../contracts/shared/opening-status';
import { checkWith } from '../../../contracts/shared/validation';

/**
 * The opening-hours rules of the onboarding's Hours step (spec sections 4 and 9), as pure
 * functions over the form's values: the flow machine applies them, the view only shows the
 * result. The contract's coercion applies the same toggles again on both ends; here they run
 * as the owner clicks, so the screen never shows what would not be saved.
 */

export type HoursForm = HoursStep;
export type DayHours = OpeningDay;
export type DayTimeField = 'open_time' | 'break_start' | 'reopen_time' | 'close_time';
export type SpecialDayForm = SpecialDay;
/** What one special day's row changes at a time: its date, Open (`closed`), a time or the note. */
export type SpecialDayPatch = Partial<SpecialDayForm>;

/**
 * The Hours step's own events, which the onboarding's machine and the back office's Store
 * settings both send from the same fields (`HoursFields`) and both apply with `applyHoursEvent`.
 */
export type HoursEvent =
  | { type: 'hours.open247'; on: boolean }
  | { type: 'hours.closedWithin'; on: boolean }
  | { type: 'hours.dayClosed'; day: number; closed: boolean }
  | { type: 'hours.time'; day: number; field: DayTimeField; time: string | null }
  | { type: 'hours.timeZone'; zone: string }
  | { type: 'hours.specialDayAdd' }
  | { type: 'hours.specialDayRemove'; index: number }
  | { type: 'hours.specialDayChange'; index: number; patch: SpecialDayPatch };

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
  return { ...DEFAULT_HOURS, hours: DEFAULT_HOURS.hours.map((day) => ({ ...day })), special_days: [] };
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
  const value = raw as { open_247?: unknown; closed_within?: unknown; hours?: unknown; time_zone?: unknown; special_days?: unknown };
  const days = Array.isArray(value.hours) ? (value.hours as Record<string, unknown>[]) : [];
  const time = (candidate: unknown): string | null => (typeof candidate === 'string' && TIMES.has(candidate) ? candidate : null);
  const open247 = value.open_247 === true;
  return {
    time_zone: typeof value.time_zone === 'string' && isTimeZone(value.time_zone) ? value.time_zone : base.time_zone,
    special_days: Array.isArray(value.special_days) ? value.special_days.slice(0, SPECIAL_DAYS_MAX).map((day) => specialDayFrom(day, time)) : [],
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

/** A stored special day as a row of the form; a date being typed is kept as it is (the contract judges it). */
function specialDayFrom(raw: unknown, time: (candidate: unknown) => string | null): SpecialDayForm {
  const day = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const closed = day.closed !== false;
  return {
    date: typeof day.date === 'string' ? day.date : '',
    closed,
    open_time: closed ? null : time(day.open_time),
    close_time: closed ? null : time(day.close_time),
    note: typeof day.note === 'string' ? day.note : '',
  };
}

/** Only a zone the engine knows: the select offers no other, and a stray value changes nothing. */
export function setTimeZone(form: HoursForm, zone: string): HoursForm {
  return isTimeZone(zone) ? { ...form, time_zone: zone } : form;
}

/**
 * A new special day, up to the limit, with no date yet (issue 40): the owner chooses it, and the
 * contract refuses the row until then. It would be closed once dated (closures are what owners
 * add most), but it closes nothing while it has no date, and the screen asks only for the date.
 */
export function addSpecialDay(form: HoursForm): HoursForm {
  if (form.special_days.length >= SPECIAL_DAYS_MAX) return form;
  return { ...form, special_days: [...form.special_days, { date: '', closed: true, open_time: null, close_time: null, note: '' }] };
}

export function removeSpecialDay(form: HoursForm, index: number): HoursForm {
  return { ...form, special_days: form.special_days.filter((_, at) => at !== index) };
}

/**
 * One special day's edit. Closed clears its times; opened again it gets the default hours to
 * edit from; a time is taken only on the grid and only while the day is open.
 */
export function changeSpecialDay(form: HoursForm, index: number, patch: SpecialDayPatch): HoursForm {
  return {
    ...form,
    special_days: form.special_days.map((day, at) => {
      if (at !== index) return day;
      const next = { ...day, ...(typeof patch.date === 'string' ? { date: patch.date } : {}), ...(typeof patch.note === 'string' ? { note: patch.note } : {}) };
      if (patch.closed === true) return { ...next, closed: true, open_time: null, close_time: null };
      const open =
        patch.closed === false ? { ...next, closed: false, open_time: day.open_time ?? DEFAULT_OPEN, close_time: day.close_time ?? DEFAULT_CLOSE } : next;
      if (open.closed) return open;
      const timeOf = (field: 'open_time' | 'close_time') => {
        const time = patch[field];
        return time === undefined || (time !== null && !TIMES.has(time)) ? open[field] : time;
      };
      return { ...open, open_time: timeOf('open_time'), close_time: timeOf('close_time') };
    }),
  };
}

/** Whether an event is one of the Hours step's own (for a machine that routes every event type). */
export const isHoursEvent = (event: { type: string }): event is HoursEvent => event.type.startsWith('hours.');

/** Every Hours event applied to the form. */
export function applyHoursEvent(form: HoursForm, event: HoursEvent): HoursForm {
  switch (event.type) {
    case 'hours.open247':
      return setOpen247(form, event.on);
    case 'hours.closedWithin':
      return setClosedWithin(form, event.on);
    case 'hours.dayClosed':
      return setDayClosed(form, event.day, event.closed);
    case 'hours.time':
      return setDayTime(form, event.day, event.field, event.time);
    case 'hours.timeZone':
      return setTimeZone(form, event.zone);
    case 'hours.specialDayAdd':
      return addSpecialDay(form);
    case 'hours.specialDayRemove':
      return removeSpecialDay(form, event.index);
    case 'hours.specialDayChange':
      return changeSpecialDay(form, event.index, event.patch);
  }
}

/**
 * The preview under the hours (issue 29): what a customer would be told now if these hours were
 * saved, with the restaurant's wall clock, so an owner in another zone sees the zone at work.
 * Hours the contract would refuse (a time missing, a date being typed) get no verdict.
 */
export function hoursPreview(form: HoursForm, now: Date): string {
  const checked = checkWith(HoursStep, form);
  if (!checked.ok) return 'Correct or complete the hours above to see whether you would be open now.';
  const hours = checked.value;
  const status = openingStatus({ time_zone: hours.time_zone, open_247: hours.open_247, days: hours.hours, special_days: hours.special_days }, now);
  const clock = `${wallClock(hours.time_zone, now).time} in ${hours.time_zone}`;
  return `With these hours you are ${status.open_now ? 'open' : 'closed'} now (${clock})`;
}
