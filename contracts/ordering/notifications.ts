import { array, boolean, coerce, enums, integer, literal, nullable, number, object, optional, record, refine, string, union, type Infer } from 'superstruct';
import type { Currency } from '../shared/restaurants';
import { formatMoney } from '../shared/money-format';
import { documented } from '../shared/documented';
import { Id, IdText } from '../shared/lists';

/**
 * The restaurant's feed (issue 45, the Notifications screen): `GET /api/v2/notifications/`
 * (newest first, keyset-paged with `?before=<id>&limit=`, with the unread count) and
 * `POST /api/v2/notifications/read/`. Each row is written by the server in the transaction of the
 * change it tells of; `detail` keeps the figures its words need as they were then (an order's
 * number, an item's name, an amount and its currency), so a later change never rewrites them.
 * The words and the link per kind live here, once, for the screen and any test.
 */

export const NOTIFICATION_KINDS = ['order_placed', 'order_cancelled', 'payment_failed', 'refund', 'coupon_exhausted', 'item_back', 'selection_back'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_LIMIT_DEFAULT = 20;
export const NOTIFICATIONS_LIMIT_MAX = 100;
/** The most ids one mark-read call names: a page's worth; `{all: true}` marks the rest. */
export const MARK_READ_IDS_MAX = 100;

// Its own struct, not a refinement of IdText: a note is kept per struct family (documented.ts), and IdText's says ids.
const Limit = documented(
  refine(
    coerce(integer(), string(), (value) => (/^\d{1,9}$/.test(value) ? Number(value) : Number.NaN)),
    'limit',
    (n) => (n >= 1 && n <= NOTIFICATIONS_LIMIT_MAX) || `limit must be a whole number from 1 to ${NOTIFICATIONS_LIMIT_MAX}.`,
  ),
  { minimum: 1, maximum: NOTIFICATIONS_LIMIT_MAX },
);

export const NotificationsQuery = object({
  /** Only rows older than this id: the previous page's `next_before`. */
  before: optional(IdText),
  limit: optional(Limit),
  /** An administrator's chosen restaurant; an owner's is their own. */
  restaurant_id: optional(IdText),
});
export type NotificationsQuery = Infer<typeof NotificationsQuery>;

/** The figures a row's words need; which ones depends on its kind (see `notificationWords`). */
export const NotificationDetail = record(string(), nullable(union([string(), number()])));
export type NotificationDetail = Infer<typeof NotificationDetail>;

export const Notification = object({
  id: number(),
  kind: enums(NOTIFICATION_KINDS),
  order_id: nullable(number()),
  /** The coupon (coupon_exhausted), menu item (item_back) or extra selection (selection_back) it is about; no link kept when deleted. */
  subject_id: nullable(number()),
  detail: NotificationDetail,
  at: string(),
  read: boolean(),
});
export type Notification = Infer<typeof Notification>;

export const NotificationsPage = object({
  results: array(Notification),
  /** `before` for the next (older) page; null when this is the last one. */
  next_before: nullable(number()),
  /** The restaurant's unread rows, all pages. */
  unread: number(),
  /** The restaurant's clock, for the rows' times (contracts/shared/clock-format.ts). */
  clock: object({ time_zone: string(), country: nullable(string()) }),
});
export type NotificationsPage = Infer<typeof NotificationsPage>;

const ReadIds = documented(
  refine(array(Id), 'ids', (ids) => (ids.length >= 1 && ids.length <= MARK_READ_IDS_MAX) || `Name from 1 to ${MARK_READ_IDS_MAX} notifications.`),
  { minItems: 1, maxItems: MARK_READ_IDS_MAX },
);

export const MarkReadBody = union([object({ ids: ReadIds, restaurant_id: optional(Id) }), object({ all: literal(true), restaurant_id: optional(Id) })]);
export type MarkReadBody = Infer<typeof MarkReadBody>;

export const MarkReadAnswer = object({ marked: number(), unread: number() });
export type MarkReadAnswer = Infer<typeof MarkReadAnswer>;

const text = (detail: NotificationDetail, key: string) => String(detail[key] ?? '');

const money = (detail: NotificationDetail, key: string) => {
  const amount = Number(detail[key] ?? 0);
  const currency = detail.currency;
  return typeof currency === 'string' ? formatMoney(amount, currency as Currency) : amount.toFixed(2);
};

/** What a row says, from its kind and its figures: "New order #12 · $27.00". */
export function notificationWords(row: Pick<Notification, 'kind' | 'detail'>): string {
  const { detail } = row;
  const order = `#${text(detail, 'number')}`;
  switch (row.kind) {
    case 'order_placed':
      return `New order ${order} · ${money(detail, 'total')}`;
    case 'order_cancelled':
      return detail.reason ? `Order ${order} cancelled: ${text(detail, 'reason')}` : `Order ${order} cancelled`;
    case 'payment_failed':
      return `Card payment failed for order ${order}`;
    case 'refund':
      return `${money(detail, 'amount')} refunded on order ${order}`;
    case 'coupon_exhausted':
      return `Coupon ${text(detail, 'code')} has been used up`;
    case 'item_back':
      return `${text(detail, 'name')} is back on sale`;
    case 'selection_back':
      return `${text(detail, 'name')} (${text(detail, 'group')}) is back on sale`;
  }
}

/**
 * Where a row leads in the back office (relative to its base, /admin or /backoffice): an order to
 * the order history searched by its number, a coupon to the coupons, an item to the menu.
 */
export function notificationLink(row: Pick<Notification, 'kind' | 'detail'>): string {
  switch (row.kind) {
    case 'coupon_exhausted':
      return '/coupons';
    case 'item_back':
    case 'selection_back':
      return '/menu';
    default:
      return `/orders/history?search=${encodeURIComponent(text(row.detail, 'number'))}`;
  }
}
