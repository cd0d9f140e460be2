import { DAY_NAMES } from './opening-hours';

/**
 * How every screen and mail writes a time or a date (issue 40): one way per restaurant, chosen by
 * the country of its location, on the restaurant's own wall clock (its IANA zone), whatever the
 * reader's browser or the server's zone.
 *
 * - The United States and Canada write 12-hour times and the month before the day:
 *   "6:00 PM", "Tue, Dec 1", "Tue, Dec 1, 6:00 PM", "Tuesday, December 1".
 * - Everywhere else (and a restaurant with no location yet) writes 24-hour times and the day
 *   before the month: "18:00", "Tue 1 Dec", "Tue 1 Dec, 18:00", "Tuesday 1 December".
 * - A date never shows as ISO (2026-12-01) on a screen; the year is left out, since the times a
 *   restaurant shows are within days of now.
 *
 * Written by hand from the zone's parts rather than with a locale's format, so the words are the
 * same in every browser and Node (ICU versions differ: some put a narrow no-break space before "PM").
 */

/** `country` as the location step writes it ("United States", "Canada", "United Kingdom"); null without a location. */
export type Clock = { zone: string; country?: string | null };

/** The clock of a restaurant as the API answers it (`time_zone`, and `country` where the answer carries it). */
export const clockOf = (restaurant: { time_zone: string; country?: string | null }): Clock => ({
  zone: restaurant.time_zone,
  country: restaurant.country ?? null,
});

const TWELVE_HOUR_COUNTRIES: ReadonlySet<string> = new Set(['United States', 'Canada']);
const writesTwelveHours = (country: string | null | undefined) => country != null && TWELVE_HOUR_COUNTRIES.has(country);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** "18:30" (a wall-clock time, as the hours step saves it) → "6:30 PM" in the US and Canada, "18:30" elsewhere. "24:00" is midnight. */
export function formatWallTime(time: string, country: string | null | undefined): string {
  const hours = Number(time.slice(0, 2)) % 24;
  const minutes = time.slice(3, 5);
  if (!writesTwelveHours(country)) return `${String(hours).padStart(2, '0')}:${minutes}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const dateParts = (date: string) => {
  const utc = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
  return { weekday: DAY_NAMES[(utc.getUTCDay() + 6) % 7]!, month: MONTHS[utc.getUTCMonth()]!, day: utc.getUTCDate() };
};

/**
 * A calendar date of the restaurant ("2026-12-01") → "Tue 1 Dec" / "Tue, Dec 1";
 * `long`: "Tuesday 1 December" / "Tuesday, December 1".
 */
export function formatDate(date: string, country: string | null | undefined, length: 'short' | 'long' = 'short'): string {
  const { weekday, month, day } = dateParts(date);
  const [dayName, monthName] = length === 'long' ? [weekday, month] : [weekday.slice(0, 3), month.slice(0, 3)];
  return writesTwelveHours(country) ? `${dayName}, ${monthName} ${day}` : `${dayName} ${day} ${monthName}`;
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
const readers = new Map<string, Intl.DateTimeFormat>();
/** The zone's wall-clock reader (numeric parts, 24-hour, to the second), shared with opening-status. */
export function zoneReader(zone: string): Intl.DateTimeFormat {
  let reader = readers.get(zone);
  if (!reader) {
    reader = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    readers.set(zone, reader);
  }
  return reader;
}

/** The zone's calendar date ("YYYY-MM-DD") and wall-clock time ("HH:MM") at an instant. */
export function wallDateTime(instant: string | number | Date, zone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const part of zoneReader(zone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An instant (ISO text, ms or Date) → "6:00 PM" / "18:00" on the restaurant's clock. */
export const formatTime = (instant: string | number | Date, clock: Clock): string => formatWallTime(wallDateTime(instant, clock.zone).time, clock.country);

/** An instant → "Tue, Dec 1, 6:00 PM" / "Tue 1 Dec, 18:00" on the restaurant's clock. */
export function formatDayTime(instant: string | number | Date, clock: Clock): string {
  const { date, time } = wallDateTime(instant, clock.zone);
  return `${formatDate(date, clock.country)}, ${formatWallTime(time, clock.country)}`;
}

/** A calendar date → "Tue, Dec 1, 2026" / "Tue 1 Dec 2026": a date that may be of another year (a ticket, a list). */
export function formatDateWithYear(date: string, country: string | null | undefined): string {
  return `${formatDate(date, country)}${writesTwelveHours(country) ? ',' : ''} ${date.slice(0, 4)}`;
}

/** An instant → "Tue, Dec 1, 2026, 6:00 PM" / "Tue 1 Dec 2026, 18:00": for lists of past things, which may be of another year. */
export function formatDayTimeWithYear(instant: string | number | Date, clock: Clock): string {
  const { date, time } = wallDateTime(instant, clock.zone);
  return `${formatDateWithYear(date, clock.country)}, ${formatWallTime(time, clock.country)}`;
}

/** An instant → its time alone when it falls on `today` (the restaurant's date), else its day and time: a board's or a list's "when". */
export function formatTimeOrDayTime(instant: string | number | Date, clock: Clock, today: string | null): string {
  return wallDateTime(instant, clock.zone).date === today ? formatTime(instant, clock) : formatDayTime(instant, clock);
}
