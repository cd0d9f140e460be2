import { assign, fromPromise, setup, spawnChild, type ActorRefFrom } from 'xstate';
import type { MarkReadAnswer, Notification, NotificationsPage } from '../../../contracts/ordering/notifications';
import { loadNotifications, markNotificationsRead, type FeedQuery, type MarkRead } from '../../services/ordering/notifications';
import type { Clock } from '../../../contracts/shared/clock-format';
import { errorText } from '../../services/shared/error-text';

/**
 * The Notifications screen (issue 45): the restaurant's feed, newest first, read and unread.
 *
 *   start ──[no restaurant]──▶ noRestaurant
 *   loading ──done──▶ ready ; ──error──▶ failed ──list.retry──▶ loading
 *   ready ──list.more [an older page]──▶ loadingMore ──▶ ready (rows added; a failure said, the rows kept)
 *   ready ──list.markAll [some unread]──▶ marking ──▶ ready (every row read; a failure said)
 *   ready ──row.open──▶ the row read here and on the server (the link then leads away; no wait)
 *
 * Tags: `loading`, `failed`, `ready`, `busy` (a page or a mark out), `noRestaurant`.
 */

export type NotificationsContext = {
  restaurantId: number | null;
  rows: Notification[];
  nextBefore: number | null;
  unread: number;
  /** The restaurant's clock, for the rows' times. */
  clock: Clock;
  loadError: string | null;
  /** A failed "Load more" or "Mark all as read", said beside the list. */
  actionError: string | null;
};

export type NotificationsEvent = { type: 'list.retry' } | { type: 'list.more' } | { type: 'list.markAll' } | { type: 'row.open'; id: number };

const LOAD_FAILED = 'The notifications could not be loaded.';
const MARK_FAILED = 'The notifications could not be marked as read.';

const readAll = (rows: Notification[]) => rows.map((row) => (row.read ? row : { ...row, read: true }));

export const notificationsMachine = setup({
  types: {
    input: {} as { restaurantId: number | null },
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    loadNotifications: fromPromise<NotificationsPage, FeedQuery>(({ input }) => loadNotifications(input)),
    markNotificationsRead: fromPromise<MarkReadAnswer, MarkRead>(({ input }) => markNotificationsRead(input)),
  },
  guards: {
    hasRestaurant: ({ context }) => context.restaurantId !== null,
    hasMore: ({ context }) => context.nextBefore !== null,
    hasUnread: ({ context }) => context.unread > 0,
    unreadRow: ({ context, event }) => event.type === 'row.open' && context.rows.some((row) => row.id === event.id && !row.read),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    rows: [],
    clock: { zone: 'UTC' },
    nextBefore: null,
    unread: 0,
    loadError: null,
    actionError: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasRestaurant', target: 'loading' }, { target: 'noRestaurant' }] },
    noRestaurant: { tags: ['noRestaurant'] },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadNotifications',
        input: ({ context }) => ({ restaurantId: context.restaurantId!, before: null }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            rows: event.output.results,
            nextBefore: event.output.next_before,
            unread: event.output.unread,
            clock: { zone: event.output.clock.time_zone, country: event.output.clock.country },
            loadError: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error, LOAD_FAILED).message }) },
      },
    },
    failed: { tags: ['failed'], on: { 'list.retry': 'loading' } },
    ready: {
      tags: ['ready'],
      on: {
        'list.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ actionError: null }) },
        'list.markAll': { guard: 'hasUnread', target: 'marking', actions: assign({ actionError: null }) },
        'row.open': {
          guard: 'unreadRow',
          actions: [
            assign(({ context, event }) => ({
              rows: context.rows.map((row) => (row.id === event.id ? { ...row, read: true } : row)),
              unread: Math.max(context.unread - 1, 0),
            })),
            // The link leads away at once: the mark goes out on its own, nothing waits for it.
            spawnChild('markNotificationsRead', {
              input: ({ context, event }) => ({ restaurantId: context.restaurantId!, ids: event.type === 'row.open' ? [event.id] : [] }),
            }),
          ],
        },
      },
    },
    loadingMore: {
      tags: ['ready', 'busy'],
      invoke: {
        src: 'loadNotifications',
        input: ({ context }) => ({ restaurantId: context.restaurantId!, before: context.nextBefore }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            // A row the first page already holds (none, keyset paging) is never shown twice.
            rows: [...context.rows, ...event.output.results.filter((row) => !context.rows.some((held) => held.id === row.id))],
            nextBefore: event.output.next_before,
            unread: event.output.unread,
          })),
        },
        onError: { target: 'ready', actions: assign({ actionError: ({ event }) => errorText(event.error, LOAD_FAILED).message }) },
      },
    },
    marking: {
      tags: ['ready', 'busy'],
      invoke: {
        src: 'markNotificationsRead',
        input: ({ context }) => ({ restaurantId: context.restaurantId!, ids: 'all' as const }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => ({ rows: readAll(context.rows), unread: event.output.unread })) },
        onError: { target: 'ready', actions: assign({ actionError: ({ event }) => errorText(event.error, MARK_FAILED).message }) },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
export type NotificationsActor = ActorRefFrom<NotificationsMachine>;
