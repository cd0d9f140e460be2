import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { OwnerOrder } from '../../../contracts/ordering';
import { clockOf, formatDayTime, formatTime, wallDateTime } from '../../../contracts/shared/clock-format';

/**
 * What a card and its kitchen ticket flag so it is not missed (issue 45): an order booked for a
 * later day than the board's (CoopCycle #2262: "orders for another day arrive without notice"),
 * and an accepted order whose promised time has passed. Times on the restaurant's clock.
 */

/** "For Tue, Dec 1, 6:00 PM" when the order is booked for a day after the board's; null otherwise. */
export function laterDayWords(order: Pick<OwnerOrder, 'scheduled_for' | 'restaurant'>, today: string | null): string | null {
  if (order.scheduled_for === null || today === null) return null;
  if (wallDateTime(order.scheduled_for, order.restaurant.time_zone).date <= today) return null;
  return `For ${formatDayTime(order.scheduled_for, clockOf(order.restaurant))}`;
}

/** "Late: due 6:45 PM" for an accepted order past its promised time at `now`; null otherwise. */
export function lateWords(order: Pick<OwnerOrder, 'status' | 'estimated_at' | 'restaurant'>, now: string): string | null {
  if (order.status !== 'accepted' || order.estimated_at === null || Date.parse(now) <= Date.parse(order.estimated_at)) return null;
  return `Late: due ${formatTime(order.estimated_at, clockOf(order.restaurant))}`;
}

/** The card's flags, each a badge whose words say it all (no colour alone). */
export function OrderFlags({ order, today, now }: { order: OwnerOrder; today: string | null; now: string }) {
  const later = laterDayWords(order, today);
  const late = lateWords(order, now);
  if (!later && !late) return null;
  return (
    <>
      {later ? (
        <Badge variant="light" color="indigo" size="lg" radius="sm" tt="none" data-flag="later-day" style={{ whiteSpace: 'normal', height: 'auto' }}>
          {later}
        </Badge>
      ) : null}
      {late ? (
        <Badge variant="filled" color="red.8" size="lg" radius="sm" tt="none" data-flag="late" style={{ whiteSpace: 'normal', height: 'auto' }}>
          {late}
        </Badge>
      ) : null}
    </>
  );
}
