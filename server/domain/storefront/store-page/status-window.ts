import { nextMidnight } from '../../../../contracts/shared/opening-status';

/**
 * Until when a page rendered at `now` stays true: the next open/closed change (its label names
 * the closing or opening time) or the restaurant's midnight (its "today" and "tomorrow").
 */
export function pageTrueUntil(zone: string, now: Date, nextChangeAt: string | null): number {
  const midnight = nextMidnight(zone, now);
  return nextChangeAt === null ? midnight : Math.min(midnight, Date.parse(nextChangeAt));
}
