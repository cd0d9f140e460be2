import { MarkReadAnswer, NotificationsPage, type MarkReadBody } from '../../../contracts/ordering/notifications';
import { paths } from '../../../contracts/shared/paths';
import { api } from '../shared/api';

/**
 * The Notifications screen's calls (issue 45): a page of the restaurant's feed, and marking rows
 * read. An owner's own restaurant is read without naming it; an administrator names the one chosen.
 */

export type FeedQuery = { restaurantId: number; before: number | null };

export function loadNotifications({ restaurantId, before }: FeedQuery): Promise<NotificationsPage> {
  return api.get(paths.notifications.list, {
    struct: NotificationsPage,
    searchParams: { restaurant_id: restaurantId, ...(before === null ? {} : { before }) },
  });
}

export type MarkRead = { restaurantId: number; ids: number[] | 'all' };

export function markNotificationsRead({ restaurantId, ids }: MarkRead): Promise<MarkReadAnswer> {
  const body: MarkReadBody = ids === 'all' ? { all: true, restaurant_id: restaurantId } : { ids, restaurant_id: restaurantId };
  return api.post(paths.notifications.read, body, { struct: MarkReadAnswer });
}
