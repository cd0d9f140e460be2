import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  NOTIFICATIONS_LIMIT_DEFAULT,
  type MarkReadAnswer,
  type MarkReadBody,
  type Notification,
  type NotificationDetail,
  type NotificationKind,
  type NotificationsPage,
  type NotificationsQuery,
} from '../../../contracts/ordering/notifications';
import { fromCents } from '../../../contracts/shared/cents';
import { UNREAD_COUNTED_MAX } from '../../../contracts/shared/new-orders';
import type { Db } from '../../db/database';
import { restaurantNotifications } from '../../db/schema-ordering';
import type { Scope } from '../shared/scope';
import { restaurantForNewRow } from '../shared/tenancy';
import type { OrderRow } from './order-shapes';
import type { StoreReaders } from './store-readers';

/**
 * The restaurant's feed (issue 45): written by each change's own domain code in that change's
 * transaction (a rolled-back change leaves no row), read by whichever server process the owner's
 * request reaches. See contracts/ordering/notifications.ts for the words and the links.
 */

export type NewNotification = {
  restaurantId: number;
  kind: NotificationKind;
  orderId?: number | null;
  subjectId?: number | null;
  detail: NotificationDetail;
  /** The change's own time; the transaction's when the change has none at hand. */
  at?: Date;
};

export async function notify(tx: Db, row: NewNotification): Promise<number> {
  const [written] = await tx
    .insert(restaurantNotifications)
    .values({
      restaurantId: row.restaurantId,
      kind: row.kind,
      orderId: row.orderId ?? null,
      subjectId: row.subjectId ?? null,
      detail: row.detail,
      ...(row.at ? { at: row.at } : {}),
    })
    .returning({ id: restaurantNotifications.id });
  return written!.id;
}

/** A row about an order, with the figures every order's words start from. */
export const notifyAboutOrder = (tx: Db, kind: NotificationKind, order: OrderRow, at: Date, extra: NotificationDetail = {}) =>
  notify(tx, {
    restaurantId: order.restaurantId,
    kind,
    orderId: order.id,
    detail: { number: order.number, total: fromCents(order.totalCents), currency: order.currency, ...extra },
    at,
  });

/** Whose feed a request reads: the owner's restaurant, or the one an administrator named or chose (else 400). */
const feedOf = (db: Db, scope: Scope, requested: number | undefined) => restaurantForNewRow(db, scope, requested);

async function unreadOf(db: Db, restaurantId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(restaurantNotifications)
    .where(and(eq(restaurantNotifications.restaurantId, restaurantId), isNull(restaurantNotifications.readAt)));
  return row?.value ?? 0;
}

/**
 * The restaurant's unread notifications, up to UNREAD_COUNTED_MAX: the sidebar's count, asked by
 * every open back-office tab every few seconds, reads at most that many entries of the unread
 * index however many a restaurant leaves unread.
 */
export async function unreadCounted(db: Db, restaurantId: number): Promise<number> {
  const unread = db
    .select({ id: restaurantNotifications.id })
    .from(restaurantNotifications)
    .where(and(eq(restaurantNotifications.restaurantId, restaurantId), isNull(restaurantNotifications.readAt)))
    .limit(UNREAD_COUNTED_MAX)
    .as('unread');
  const [row] = await db.select({ value: count() }).from(unread);
  return row?.value ?? 0;
}

/** GET /api/v2/notifications/: newest first, `limit` rows older than `before`, and the unread count. */
export async function listNotifications(db: Db, readers: StoreReaders, scope: Scope, query: NotificationsQuery): Promise<NotificationsPage> {
  const restaurantId = await feedOf(db, scope, query.restaurant_id);
  const limit = query.limit ?? NOTIFICATIONS_LIMIT_DEFAULT;
  const rows = await db
    .select()
    .from(restaurantNotifications)
    .where(and(eq(restaurantNotifications.restaurantId, restaurantId), query.before === undefined ? undefined : lt(restaurantNotifications.id, query.before)))
    .orderBy(desc(restaurantNotifications.id))
    // One more than asked tells whether an older page exists.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const results: Notification[] = page.map((row) => ({
    id: row.id,
    kind: row.kind as NotificationKind,
    order_id: row.orderId,
    subject_id: row.subjectId,
    detail: row.detail,
    at: row.at.toISOString(),
    read: row.readAt !== null,
  }));
  const restaurant = (await readers.restaurants(db, [restaurantId])).get(restaurantId);
  return {
    results,
    next_before: rows.length > limit ? page.at(-1)!.id : null,
    unread: await unreadOf(db, restaurantId),
    clock: { time_zone: restaurant?.time_zone ?? 'UTC', country: restaurant?.country ?? null },
  };
}

/** POST /api/v2/notifications/read/: the named rows (the restaurant's own; others are not touched) or all of them. */
export async function markNotificationsRead(db: Db, scope: Scope, body: MarkReadBody, now: Date): Promise<MarkReadAnswer> {
  const restaurantId = await feedOf(db, scope, body.restaurant_id);
  const which = 'ids' in body ? inArray(restaurantNotifications.id, body.ids) : undefined;
  const marked = await db
    .update(restaurantNotifications)
    .set({ readAt: now })
    .where(and(eq(restaurantNotifications.restaurantId, restaurantId), isNull(restaurantNotifications.readAt), which))
    .returning({ id: restaurantNotifications.id });
  return { marked: marked.length, unread: await unreadOf(db, restaurantId) };
}
