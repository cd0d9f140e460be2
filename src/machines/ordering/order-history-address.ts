import { KITCHEN_STATUSES, type KitchenStatus } from '../../../contracts/ordering';

/**
 * The order history's filters and page in the address (`?page=&page_size=&status=&day=&search=`),
 * like the messages inbox: a reload or a shared link shows the same page. Read leniently: what
 * the screen could not have written falls back to the default instead of failing the screen.
 */
export const HISTORY_PAGE_SIZES = [20, 50, 100] as const;

export type HistorySettings = { page: number; pageSize: number; status: KitchenStatus | null; day: string; search: string };

export const HISTORY_DEFAULTS: HistorySettings = { page: 1, pageSize: HISTORY_PAGE_SIZES[0], status: null, day: '', search: '' };

const wholeNumber = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null);

export function readHistoryAddress(search: string): HistorySettings {
  const params = new URLSearchParams(search);
  const page = wholeNumber(params.get('page'));
  const pageSize = wholeNumber(params.get('page_size'));
  const status = params.get('status');
  const day = params.get('day') ?? '';
  return {
    page: page !== null && page >= 1 ? page : HISTORY_DEFAULTS.page,
    pageSize: (HISTORY_PAGE_SIZES as readonly number[]).includes(pageSize ?? 0) ? (pageSize as number) : HISTORY_DEFAULTS.pageSize,
    status: (KITCHEN_STATUSES as readonly string[]).includes(status ?? '') ? (status as KitchenStatus) : null,
    day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '',
    search: params.get('search') ?? '',
  };
}

/** The query string for `settings`, without the `?`; filters that are not set are left out. */
export function writeHistoryAddress(settings: HistorySettings): string {
  const params = new URLSearchParams({ page: String(settings.page), page_size: String(settings.pageSize) });
  if (settings.status) params.set('status', settings.status);
  if (settings.day) params.set('day', settings.day);
  if (settings.search) params.set('search', settings.search);
  return params.toString();
}
