import type { OpeningDay, SpecialDay } from './opening-hours';

/**
 * Whether a restaurant is open at an instant, decided in its own time zone (issue 29): the store
 * page's "Open now · closes 21:00", the store data's `status`, the hours step's preview.
 * (The lead is writing the rule; this file holds its interface until then.)
 */

/** What the rule reads: the hours step as saved. */
export type Schedule = { time_zone: string; open_247: boolean; days: readonly OpeningDay[]; special_days: readonly SpecialDay[] };

export type OpenStatus = { open_now: boolean; label: string; next_change_at: string | null };

/** The wall clock of `zone` at `now`: its date ("YYYY-MM-DD"), time ("HH:MM") and weekday (1 = Monday … 7 = Sunday). */
export type WallClock = { date: string; time: string; weekday: number };

export function wallClock(_zone: string, _now: Date): WallClock {
  throw new Error('not written yet');
}

export function openingStatus(_schedule: Schedule, _now: Date): OpenStatus {
  throw new Error('not written yet');
}
