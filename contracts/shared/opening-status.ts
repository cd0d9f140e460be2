import { formatDate, formatWallTime, zoneReader } from './clock-format';
import { DAY_NAMES, timeToMinutes, type OpeningDay, type SpecialDay } from './opening-hours';

/**
 * Whether a restaurant is open at an instant, decided in its own time zone (issue 29): the store
 * page's "Open now · closes 21:00", the store data's `status`, the hours step's preview. Both ends
 * run this one rule, so the preview an owner sees is what customers are told.
 *
 * The rule:
 * - Every calendar date of the restaurant's zone has its hours: the special day of that date when
 *   there is one, else its weekday's. Open 24/7 is every weekday open from 00:00 to 24:00.
 * - Hours belong to the date they open on: open 18:00, close 02:00 is open until 02:00 of the next
 *   date, whatever that next date's own hours say (a special day closed on Saturday does not cut
 *   Friday night short). A closing time earlier than the opening time is on the next date, and so
 *   is a break or reopening time earlier than the opening time.
 * - A break closes the restaurant from its start until the reopening time.
 * - Wall-clock times are read in the zone as they are on that date: across a daylight-saving
 *   change, "closes 02:30" on the night clocks skip from 02:00 to 03:00 closes at 03:00 (the first
 *   instant at or after it that exists), and on the night 01:00–02:00 happens twice the earlier 01:30
 *   is meant.
 *
 * The label writes times the restaurant's country's way (contracts/shared/clock-format.ts), and
 * names the day whose hours it is about when that is not today (issue 40): past midnight on
 * Friday night's hours it says "Open until 02:00 (Friday's hours)", so that beside "Closed today:
 * staff party" (Saturday's special day) nobody reads the two as contradicting each other.
 */

/** What the rule reads: the hours step as saved. */
export type Schedule = { time_zone: string; open_247: boolean; days: readonly OpeningDay[]; special_days: readonly SpecialDay[] };

export type OpenStatus = { open_now: boolean; label: string; next_change_at: string | null };

/** The wall clock of `zone` at `now`: its date ("YYYY-MM-DD"), time ("HH:MM") and weekday (1 = Monday … 7 = Sunday). */
export type WallClock = { date: string; time: string; weekday: number };

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
/** Dates looked at around now: yesterday (whose night may still run) to a week and a day ahead. */
const DAYS_BEHIND = 1;
const DAYS_AHEAD = 8;

/** The zone's wall clock at `instant` (ms), read as if it were UTC: the offset is this minus `instant`. */
function wallAsUtc(zone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of zoneReader(zone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (utc: Date) => `${utc.getUTCFullYear()}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
const dateAt = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
/** The calendar date `days` after `date` ("YYYY-MM-DD"; negative `days` go back). */
export const addDays = (date: string, days: number) => isoDate(new Date(dateAt(date) + days * DAY_MINUTES * MINUTE));
/** 1 = Monday … 7 = Sunday, as the hours step numbers days. */
const weekdayOf = (date: string) => ((new Date(dateAt(date)).getUTCDay() + 6) % 7) + 1;

export function wallClock(zone: string, now: Date): WallClock {
  const wall = new Date(wallAsUtc(zone, now.getTime()));
  const date = isoDate(wall);
  return { date, time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`, weekday: weekdayOf(date) };
}

/**
 * The instant (ms) the zone's clocks read `minutes` after midnight of `date` (which may run past
 * 24:00 into the next date). A time skipped by a daylight-saving change is the instant the clocks
 * jump (02:30 on a night that goes from 02:00 to 03:00 is 03:00: the first instant at or after
 * it that exists); a time that happens twice is the earlier one.
 */
function instantOf(zone: string, date: string, minutes: number): number {
  const asUtc = dateAt(date) + minutes * MINUTE;
  // The zone's offsets a day either side cover any change near this time (changes are months apart).
  const offsets = [asUtc - DAY_MINUTES * MINUTE, asUtc + DAY_MINUTES * MINUTE].map((probe) => wallAsUtc(zone, probe) - probe);
  const matching = offsets.map((offset) => asUtc - offset).filter((candidate) => wallAsUtc(zone, candidate) === asUtc);
  if (matching.length > 0) return Math.min(...matching);
  // Skipped: the jump lies between the two readings; find its minute (a handful of steps).
  let [before, after] = [asUtc - Math.max(...offsets), asUtc - Math.min(...offsets)];
  // At most 20 halvings: the jump is at most a day wide, and minutes are the finest step it takes.
  for (let step = 0; step < 20 && after - before > MINUTE; step += 1) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (wallAsUtc(zone, middle) >= asUtc) after = middle;
    else before = middle;
  }
  return after;
}

/** One stretch of opening, in minutes after midnight of the date it opens on (end may pass 24:00). */
type Span = { from: number; to: number };

/** A time on the opening date's timeline: a time earlier than the opening time is on the next date. */
const onTimeline = (open: number, time: string) => (timeToMinutes(time) <= open ? timeToMinutes(time) + DAY_MINUTES : timeToMinutes(time));

function spansOfDay(day: OpeningDay | undefined): Span[] {
  if (!day || day.closed || day.open_time === null || day.close_time === null) return [];
  const open = timeToMinutes(day.open_time);
  const close = onTimeline(open, day.close_time);
  if (day.break_start === null || day.reopen_time === null) return [{ from: open, to: close }];
  return [
    { from: open, to: onTimeline(open, day.break_start) },
    { from: onTimeline(open, day.reopen_time), to: close },
  ].filter((span) => span.from < span.to);
}

function spansOfSpecialDay(day: SpecialDay): Span[] {
  if (day.closed || day.open_time === null || day.close_time === null) return [];
  const open = timeToMinutes(day.open_time);
  return [{ from: open, to: onTimeline(open, day.close_time) }];
}

/** The hours of one calendar date: its special day's, else its weekday's. */
function spansOfDate(schedule: Schedule, specials: Map<string, SpecialDay>, date: string): Span[] {
  const special = specials.get(date);
  if (special) return spansOfSpecialDay(special);
  if (schedule.open_247) return [{ from: 0, to: DAY_MINUTES }];
  return spansOfDay(schedule.days.find((day) => day.day_of_week === weekdayOf(date)));
}

type Opening = { start: number; end: number };
/** One date's span of opening, as instants, with the date whose hours it is. */
type DatedOpening = Opening & { date: string };

/**
 * The openings (instants, ms) of the dates around `today`, and of later special days that open,
 * in order, with openings that touch or overlap joined (24/7, or a night running into the next
 * date's morning, is one opening).
 */
type Around = { openings: Opening[]; dated: DatedOpening[]; horizon: Opening };

/**
 * The last answer of openingsAround for each schedule (the object itself, so nothing is kept once
 * the caller drops it): checking every slot of a week, or each checkout event, asks the same
 * schedule about the same date again, and each answer costs a week of time-zone arithmetic.
 */
const lastAround = new WeakMap<Schedule, { today: string; around: Around }>();

function openingsAround(schedule: Schedule, today: string): Around {
  const kept = lastAround.get(schedule);
  if (kept?.today === today) return kept.around;
  const around = openingsAroundOf(schedule, today);
  lastAround.set(schedule, { today, around });
  return around;
}

function openingsAroundOf(schedule: Schedule, today: string): Around {
  const specials = new Map(schedule.special_days.map((day) => [day.date, day]));
  const lastDate = addDays(today, DAYS_AHEAD);
  const dates = Array.from({ length: DAYS_BEHIND + DAYS_AHEAD + 1 }, (_, index) => addDays(today, index - DAYS_BEHIND));
  const later = schedule.special_days.filter((day) => day.date > lastDate && !day.closed).map((day) => day.date);
  const raw = [...dates, ...later.sort()].flatMap((date) =>
    spansOfDate(schedule, specials, date).map((span) => ({
      date,
      start: instantOf(schedule.time_zone, date, span.from),
      end: instantOf(schedule.time_zone, date, span.to),
    })),
  );
  raw.sort((a, b) => a.start - b.start);
  const openings: Opening[] = [];
  for (const { start, end } of raw) {
    const last = openings.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else if (start < end) openings.push({ start, end });
  }
  const horizon = {
    start: instantOf(schedule.time_zone, dates[0]!, 0),
    end: instantOf(schedule.time_zone, lastDate, DAY_MINUTES),
  };
  return { openings, dated: raw, horizon };
}

/** When `instant` is, for a customer: "21:00" today, "tomorrow at 09:00", "Wednesday at 09:00", "on Tuesday 5 January at 09:00" (12-hour and month first in the US and Canada). */
function when(schedule: Schedule, country: string | null | undefined, now: Date, instant: number, todayPrefix: string): string {
  const at = wallClock(schedule.time_zone, new Date(instant));
  const today = wallClock(schedule.time_zone, now).date;
  const time = formatWallTime(at.time, country);
  if (at.date === today) return `${todayPrefix}${time}`;
  if (at.date === addDays(today, 1)) return `tomorrow at ${time}`;
  if (at.date <= addDays(today, 6)) return `${DAY_NAMES[at.weekday - 1]} at ${time}`;
  return `on ${formatDate(at.date, country, 'long')} at ${time}`;
}

/** The date whose hours hold `instant` open (the latest, where a night runs into the next date's morning), or null. */
const hoursDateAt = (dated: readonly DatedOpening[], instant: number) =>
  dated
    .filter((span) => span.start <= instant && instant < span.end)
    .reduce<string | null>((latest, span) => (latest === null || span.date > latest ? span.date : latest), null);

/** `country`: the restaurant's (the location step's name), which decides how times are written; without it, 24-hour. */
export function openingStatus(schedule: Schedule, now: Date, country?: string | null): OpenStatus {
  const zone = schedule.time_zone;
  const t = now.getTime();
  const today = wallClock(zone, now).date;
  const { openings, dated, horizon } = openingsAround(schedule, today);
  const current = openings.find((opening) => opening.start <= t && t < opening.end);
  if (current) {
    // Open across the whole window looked at: no closing in sight.
    if (current.start <= horizon.start && current.end >= horizon.end) return { open_now: true, label: 'Open 24 hours', next_change_at: null };
    const closes = when(schedule, country, now, current.end, '');
    const hoursDate = hoursDateAt(dated, t);
    // Still on an earlier date's hours (a night past midnight): say whose, since today's may say "Closed".
    const label =
      hoursDate !== null && hoursDate < today ? `Open until ${closes} (${DAY_NAMES[weekdayOf(hoursDate) - 1]}'s hours)` : `Open now · closes ${closes}`;
    return { open_now: true, label, next_change_at: new Date(current.end).toISOString() };
  }
  const next = openings.find((opening) => opening.start > t);
  if (!next) return { open_now: false, label: 'Closed', next_change_at: null };
  return { open_now: false, label: `Closed · opens ${when(schedule, country, now, next.start, 'at ')}`, next_change_at: new Date(next.start).toISOString() };
}

/** The openings (instants, ms, joined where they touch) from yesterday to a week and a day after `now`'s date, in order. */
export function openingsNear(schedule: Schedule, now: Date): ReadonlyArray<{ start: number; end: number }> {
  return openingsAround(schedule, wallClock(schedule.time_zone, now).date).openings;
}

/**
 * The instant a wall date and time ("2026-12-01", "21:00") reads in `zone`: a time skipped by a
 * daylight-saving change is the instant the clocks jump, one that happens twice the earlier.
 */
export const wallInstant = (zone: string, date: string, time: string): number => instantOf(zone, date, timeToMinutes(time));

/** The first instant of the day after `now`'s in `zone` (its midnight, across daylight-saving changes). */
export function nextMidnight(zone: string, now: Date): number {
  return instantOf(zone, addDays(wallClock(zone, now).date, 1), 0);
}
