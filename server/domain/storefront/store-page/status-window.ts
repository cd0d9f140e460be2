import { timeToMinutes } from '../../../../contracts/shared/opening-hours';
import { wallClock } from '../../../../contracts/shared/opening-status';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * The first instant of the next day in `zone`. Counting the minutes left on the wall clock is
 * off by the size of a change of the clocks before midnight (a 23- or 25-hour day), so the wall
 * clock is read again at the guess and the guess moved by what it shows, twice (a zone whose
 * clocks jump at midnight itself settles on the second reading).
 */
export function nextMidnight(zone: string, now: Date): number {
  const today = wallClock(zone, now).date;
  const minuteStart = Math.floor(now.getTime() / MINUTE) * MINUTE;
  let guess = minuteStart + (DAY_MINUTES - timeToMinutes(wallClock(zone, now).time)) * MINUTE;
  for (let reading = 0; reading < 2; reading += 1) {
    const there = wallClock(zone, new Date(guess));
    const minutes = timeToMinutes(there.time);
    if (there.date === today) guess += (DAY_MINUTES - minutes) * MINUTE;
    else guess -= minutes * MINUTE;
  }
  return guess;
}

/**
 * Until when a page rendered at `now` stays true: the next open/closed change (its label names
 * the closing or opening time) or the restaurant's midnight (its "today" and "tomorrow").
 */
export function pageTrueUntil(zone: string, now: Date, nextChangeAt: string | null): number {
  const midnight = nextMidnight(zone, now);
  return nextChangeAt === null ? midnight : Math.min(midnight, Date.parse(nextChangeAt));
}
