import { nextMidnight } from '../../../../contracts/shared/opening-status';
import type { Storefront } from '../../../../contracts/storefront';
import { soldOutEnds } from '../store-etag';

/**
 * Until when a page rendered at `now` stays true: the next open/closed change (its label names
 * the closing or opening time) or the restaurant's midnight (its "today" and "tomorrow").
 */
export function pageTrueUntil(zone: string, now: Date, nextChangeAt: string | null): number {
  const midnight = nextMidnight(zone, now);
  return nextChangeAt === null ? midnight : Math.min(midnight, Date.parse(nextChangeAt));
}

/**
 * Until when the store's data read at `now` stays true, and its page with it: the next open/closed
 * change or midnight, and (issue 45) the end of the kitchen's pause, of its extra prep minutes and
 * of each dish or extra still sold out, which all end by themselves with no new version.
 */
export function storeTrueUntil(store: Pick<Storefront, 'status' | 'restaurant' | 'pause' | 'busy_until' | 'categories'>, now: Date): number {
  const ends = [
    store.status.next_change_at,
    store.pause?.until ?? null,
    store.busy_until ?? null,
    ...soldOutEnds(store).filter((end) => Date.parse(end) > now.getTime()),
  ];
  return Math.min(...ends.map((end) => pageTrueUntil(store.restaurant.time_zone, now, end)));
}
