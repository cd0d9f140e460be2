import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { KitchenStatus, OrdersQuery, OwnerOrder } from '../../../contracts/ordering';
import { downloadOrdersCsv, listOrders, type OrdersFilters } from '../../services/ordering/orders';
import type { DownloadedFile } from '../../services/shared/api';
import { errorText } from '../../services/shared/error-text';
import { csvDownloadRegion } from '../shared/csv-download';
import { HISTORY_DEFAULTS, type HistorySettings } from './order-history-address';
import { orderRefundMachine } from './order-refund.machine';
import { formatMoney } from '../../../contracts/shared/money-format';
import { refundableCents } from '../../../contracts/ordering/refunds';
import { fromCents, toCents } from '../../../contracts/shared/cents';

/**
 * The order history (issue 40, `/backoffice/orders/history`): every order the restaurant took,
 * newest first, searched by number, name or phone, filtered by status and day, paged; one order
 * opened in full, and every order the filters match downloaded as CSV (issue 43). Three regions
 * side by side, so neither typing nor a download holds up the list:
 *
 *   list:   noRestaurant (an administrator with none chosen: tag `noRestaurant`)
 *           loading --done--> loaded ; --error--> failed --list.retry--> loading
 *           loading --done, past the last page--> loading (the last page: a shared link)
 *           loaded --page.next / page.previous / a filter--> loading
 *   search: idle --filter.search--> typing --300 ms quiet--> idle, the list reloads from page 1
 *   download: idle --csv.download [a restaurant]--> downloading --done--> idle (emits screen.saveFile) ; --error--> failed
 *   refund:   idle --refund.open [the open order is a captured card order with money left]--> open
 *             (the dialog, ./order-refund.machine.ts) --refunded--> idle, the order replaced (emits screen.announce)
 *             ; --cancelled--> idle
 *
 * The open order is one of the page's rows (the list carries each order whole: lines, totals,
 * customer, timeline), so opening one asks the server nothing; a new page or filter closes it.
 * The download covers the filters the list shows (not what is still being typed), every page.
 * Tags: `loading`, `ready`, `failed`, `noRestaurant`, `downloading`, `refunding`.
 */
export const SEARCH_DEBOUNCE_MS = 300;

export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

export type OrderHistoryInput = Partial<HistorySettings> & { restaurantId: number | null };

export type OrderHistoryContext = HistorySettings & {
  restaurantId: number | null;
  /** What the search field holds; becomes `search` once typing pauses. */
  searchTyped: string;
  result: { orders: OwnerOrder[]; count: number } | null;
  loadError: string | null;
  downloadError: string | null;
  openId: number | null;
};

export type OrderHistoryEvent =
  | { type: 'filter.search'; search: string }
  | { type: 'filter.status'; status: KitchenStatus | null }
  | { type: 'filter.day'; day: string }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'list.retry' }
  | { type: 'order.open'; orderId: number }
  | { type: 'order.close' }
  | { type: 'csv.download' }
  | { type: 'refund.open' }
  /** Raised by the machine itself once typing pauses. */
  | { type: 'search.settled' };

export type OrderHistoryEmitted = { type: 'screen.saveFile'; file: DownloadedFile } | { type: 'screen.announce'; orderId: number; message: string };

type Loaded = { orders: OwnerOrder[]; count: number };

const filtersOf = (context: OrderHistoryContext): OrdersFilters => ({
  ...(context.restaurantId === null ? {} : { restaurant_id: context.restaurantId }),
  ...(context.status ? { status: context.status } : {}),
  ...(context.day ? { day: context.day } : {}),
  ...(context.search.trim() ? { search: context.search.trim() } : {}),
});

const queryOf = (context: OrderHistoryContext): OrdersQuery => ({ page: context.page, page_size: context.pageSize, ...filtersOf(context) });

/** A filter or page size changed: page 1 of the new list, no order open. */
const refilter = (change: Partial<HistorySettings>) => ({ ...change, page: 1, openId: null });

/**
 * "$4.50 refunded on order #12.": what the dialog's success says, once it has closed; a refund the
 * card processor has not confirmed yet (its answer was lost, 202) says it is on its way.
 */
const refundedSentence = (before: OwnerOrder, after: OwnerOrder) => {
  const amount = formatMoney(fromCents(toCents(after.payment.refunded) - toCents(before.payment.refunded)), after.currency);
  return after.refunds?.at(-1)?.pending
    ? `The refund of ${amount} on order #${after.number} is recorded: the card processor did not answer, so it will be confirmed within a few minutes. Do not refund it again.`
    : `${amount} refunded on order #${after.number}.`;
};

export const orderHistoryMachine = setup({
  types: {
    context: {} as OrderHistoryContext,
    events: {} as OrderHistoryEvent,
    input: {} as OrderHistoryInput,
    emitted: {} as OrderHistoryEmitted,
    children: {} as { refundDialog: 'refundDialog' },
  },
  actors: {
    loadHistory: fromPromise<Loaded, OrdersQuery>(async ({ input }) => {
      const page = await listOrders(input);
      return { orders: page.items, count: page.count };
    }),
    downloadHistory: fromPromise<DownloadedFile, OrdersFilters>(({ input }) => downloadOrdersCsv(input)),
    refundDialog: orderRefundMachine,
  },
  actions: {
    saveFile: emit((_, params: { file: DownloadedFile }) => ({ type: 'screen.saveFile', file: params.file }) as const),
  },
  delays: { searchPause: SEARCH_DEBOUNCE_MS },
  guards: {
    hasRestaurant: ({ context }) => context.restaurantId !== null,
    pastTheEnd: ({ context }, params: { loaded: Loaded }) =>
      params.loaded.orders.length === 0 && context.page > pageCount(params.loaded.count, context.pageSize),
    hasNextPage: ({ context }) => context.result !== null && context.page < pageCount(context.result.count, context.pageSize),
    hasPreviousPage: ({ context }) => context.page > 1,
    onThePage: ({ context, event }) => event.type === 'order.open' && (context.result?.orders.some((order) => order.id === event.orderId) ?? false),
    openRefundable: ({ context }) => {
      const open = openOrderOf(context);
      return open !== null && refundableCents(open.payment) > 0;
    },
    gotOrder: (_, params: { order: OwnerOrder | null }) => params.order !== null,
  },
}).createMachine({
  id: 'orderHistory',
  type: 'parallel',
  context: ({ input }) => {
    const { restaurantId, ...settings } = input;
    const chosen = { ...HISTORY_DEFAULTS, ...settings };
    return { ...chosen, restaurantId, searchTyped: chosen.search, result: null, loadError: null, downloadError: null, openId: null };
  },
  states: {
    list: {
      initial: 'choosing',
      on: {
        'filter.status': { guard: 'hasRestaurant', target: '.loading', actions: assign(({ event }) => refilter({ status: event.status })) },
        'filter.day': { guard: 'hasRestaurant', target: '.loading', actions: assign(({ event }) => refilter({ day: event.day })) },
        'search.settled': { guard: 'hasRestaurant', target: '.loading', actions: assign(({ context }) => refilter({ search: context.searchTyped })) },
      },
      states: {
        choosing: { always: [{ guard: 'hasRestaurant', target: 'loading' }, { target: 'noRestaurant' }] },
        noRestaurant: { tags: ['noRestaurant'] },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            input: ({ context }) => queryOf(context),
            onDone: [
              {
                guard: { type: 'pastTheEnd', params: ({ event }) => ({ loaded: event.output }) },
                target: 'loading',
                reenter: true,
                actions: assign(({ context, event }) => ({ page: pageCount(event.output.count, context.pageSize) })),
              },
              { target: 'loaded', actions: assign(({ event }) => ({ result: event.output, loadError: null })) },
            ],
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ result: null, loadError: errorText(event.error, 'The orders could not be loaded.').message })),
            },
          },
        },
        failed: { tags: ['failed'], on: { 'list.retry': 'loading' } },
        loaded: {
          tags: ['ready'],
          on: {
            'page.next': { guard: 'hasNextPage', target: 'loading', actions: assign(({ context }) => ({ page: context.page + 1, openId: null })) },
            'page.previous': { guard: 'hasPreviousPage', target: 'loading', actions: assign(({ context }) => ({ page: context.page - 1, openId: null })) },
            'order.open': { guard: 'onThePage', actions: assign(({ event }) => ({ openId: event.orderId })) },
            'order.close': { actions: assign({ openId: null }) },
          },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: { on: { 'filter.search': { target: 'typing', actions: assign(({ event }) => ({ searchTyped: event.search })) } } },
        typing: {
          on: {
            // Re-entered on every key, so the pause is counted from the last one.
            'filter.search': { target: 'typing', reenter: true, actions: assign(({ event }) => ({ searchTyped: event.search })) },
          },
          after: { searchPause: { target: 'idle', actions: raise({ type: 'search.settled' }) } },
        },
      },
    },
    download: csvDownloadRegion({
      src: 'downloadHistory',
      input: ({ context }: { context: OrderHistoryContext }) => filtersOf(context),
      failure: 'Could not download the orders',
      guard: 'hasRestaurant',
    }),
    refund: {
      initial: 'idle',
      states: {
        idle: { on: { 'refund.open': { guard: 'openRefundable', target: 'open' } } },
        open: {
          tags: ['refunding'],
          invoke: {
            id: 'refundDialog',
            src: 'refundDialog',
            input: ({ context }) => ({ order: openOrderOf(context)! }),
            onDone: [
              {
                guard: { type: 'gotOrder', params: ({ event }) => ({ order: event.output }) },
                target: 'idle',
                actions: [
                  emit(({ context, event }) => {
                    const after = event.output!;
                    const before = context.result?.orders.find((order) => order.id === after.id) ?? after;
                    return { type: 'screen.announce', orderId: after.id, message: refundedSentence(before, after) } as const;
                  }),
                  assign(({ context, event }) => ({
                    result: context.result && {
                      ...context.result,
                      orders: context.result.orders.map((order) => (order.id === event.output!.id ? event.output! : order)),
                    },
                  })),
                ],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});

export type OrderHistoryMachine = typeof orderHistoryMachine;

/** The order opened in full, or null. */
export const openOrderOf = (context: OrderHistoryContext): OwnerOrder | null =>
  context.openId === null ? null : (context.result?.orders.find((order) => order.id === context.openId) ?? null);
