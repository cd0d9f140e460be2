import type { OpeningDay, SpecialDay } from '../../../contracts/shared/opening-hours';
import type { restaurantOpeningHours, restaurantSpecialDays } from '../../db/schema-onboarding';

/**
 * The rows of a restaurant's week and special days as the contracts speak them: read by the hours
 * step (onboarding) and by the store (storefront), which may not import each other.
 */

/** PostgreSQL answers `time` as "HH:MM:SS"; the contracts speak "HH:MM". */
const hhmm = (value: string | null) => (value === null ? null : value.slice(0, 5));

export const openingDayOf = (day: typeof restaurantOpeningHours.$inferSelect): OpeningDay => ({
  day_of_week: day.dayOfWeek,
  closed: day.closed,
  open_time: hhmm(day.openTime),
  break_start: hhmm(day.breakStart),
  reopen_time: hhmm(day.reopenTime),
  close_time: hhmm(day.closeTime),
});

export const specialDayOf = (day: typeof restaurantSpecialDays.$inferSelect): SpecialDay => ({
  date: day.date,
  closed: day.closed,
  open_time: hhmm(day.openTime),
  close_time: hhmm(day.closeTime),
  note: day.note,
});
