import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CustomersPage } from '../../../contracts/shared/order-figures';
import { downloadCustomers, loadCustomers, type CustomersAsk } from '../../services/insights/stats';
import type { DownloadedFile } from '../../services/shared/api';
import { errorText } from '../../services/shared/error-text';
import { csvDownloadRegion } from '../shared/csv-download';

/**
 * The Customers screen's list (issue 30): a restaurant's customers counted from its orders, a
 * page at a time, searched by name or email, and downloaded as CSV. Two regions: the list, and
 * the download, which never holds up the list.
 *
 *   list: loading --done--> loaded / --error--> failed --customers.retry--> loading
 *         customers.search and customers.page (from loaded) --> loading; restaurant.changed (another id) --> loading, page 1
 *   download: idle --csv.download--> downloading --done--> idle (file saved) / --error--> failed --csv.download--> downloading
 */
export const CUSTOMERS_PAGE_SIZE = 20;

export type CustomersContext = {
  restaurantId: number | null;
  search: string;
  page: number;
  result: CustomersPage | null;
  loadError: string | null;
  downloadError: string | null;
};

export type CustomersEvent =
  | { type: 'restaurant.changed'; restaurantId: number | null }
  | { type: 'customers.search'; search: string }
  | { type: 'customers.page'; page: number }
  | { type: 'customers.retry' }
  | { type: 'csv.download' };

type ListInput = { restaurantId: number | null; ask: CustomersAsk };

const reason = (error: unknown) => errorText(error, String(error)).message;

export const customersMachine = setup({
  types: {
    context: {} as CustomersContext,
    events: {} as CustomersEvent,
    input: {} as { restaurantId: number | null },
  },
  actors: {
    loadCustomers: fromPromise<CustomersPage, ListInput>(({ input }) => loadCustomers(input.restaurantId, input.ask)),
    downloadCustomers: fromPromise<DownloadedFile, { restaurantId: number | null; search: string }>(({ input }) =>
      downloadCustomers(input.restaurantId, input.search),
    ),
  },
  actions: {
    /** Hands the downloaded file to the browser; the view provides it (the DOM is its business). */
    saveDownload: (_, _params: { file: DownloadedFile }) => undefined,
  },
  guards: {
    isAnotherRestaurant: ({ context, event }) => {
      assertEvent(event, 'restaurant.changed');
      return event.restaurantId !== context.restaurantId;
    },
  },
}).createMachine({
  id: 'customers',
  type: 'parallel',
  context: ({ input }) => ({ restaurantId: input.restaurantId, search: '', page: 1, result: null, loadError: null, downloadError: null }),
  on: {
    'restaurant.changed': {
      guard: 'isAnotherRestaurant',
      target: '.list.loading',
      actions: assign({ restaurantId: ({ event }) => event.restaurantId, page: 1, result: null }),
    },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            id: 'loadCustomers',
            src: 'loadCustomers',
            input: ({ context }) => ({
              restaurantId: context.restaurantId,
              ask: { search: context.search, page: context.page, pageSize: CUSTOMERS_PAGE_SIZE },
            }),
            onDone: { target: 'loaded', actions: assign({ result: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => reason(event.error) }) },
          },
        },
        loaded: {
          tags: ['ready'],
          on: {
            'customers.search': { target: 'loading', actions: assign({ search: ({ event }) => event.search.trim(), page: 1 }) },
            'customers.page': { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
          },
        },
        failed: { tags: ['loadFailed'], on: { 'customers.retry': 'loading' } },
      },
    },
    download: csvDownloadRegion({
      src: 'downloadCustomers',
      input: ({ context }: { context: CustomersContext }) => ({ restaurantId: context.restaurantId, search: context.search }),
      failure: 'Could not download the customers',
      save: 'saveDownload',
    }),
  },
});

export type CustomersMachine = typeof customersMachine;
