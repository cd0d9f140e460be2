import { AnalyticsStats, GeneralStats, MenuStats } from '../../../contracts/insights';
import { Health } from '../../../contracts/shared/health';
import { CustomersPage, OrderStats, type OrderStatsDays } from '../../../contracts/shared/order-figures';
import { paths } from '../../../contracts/shared/paths';
import { api, type ApiClient, type DownloadedFile } from '../shared/api';

/**
 * The insight screens' figures (newer client, the session's token). `restaurantId` is the
 * administrator's chosen restaurant; null asks platform-wide. Owners pass null too: the server
 * scopes their figures to their active restaurant itself.
 */
const scope = (restaurantId: number | null) => (restaurantId === null ? {} : { searchParams: { restaurant_id: restaurantId } });

export function loadMenuStats(restaurantId: number | null, client: ApiClient = api): Promise<MenuStats> {
  return client.get(paths.stats.menu, { ...scope(restaurantId), struct: MenuStats });
}

export function loadGeneralStats(restaurantId: number | null, client: ApiClient = api): Promise<GeneralStats> {
  return client.get(paths.stats.general, { ...scope(restaurantId), struct: GeneralStats });
}

export function loadAnalyticsStats(restaurantId: number | null, client: ApiClient = api): Promise<AnalyticsStats> {
  return client.get(paths.stats.analytics, { ...scope(restaurantId), struct: AnalyticsStats });
}

/** Orders and revenue per day over the last `days` days (issue 30); `has_orders` false means the screens keep their sample. */
export function loadOrderStats(restaurantId: number | null, days: OrderStatsDays, client: ApiClient = api): Promise<OrderStats> {
  return client.get(paths.stats.orders, { searchParams: { ...scope(restaurantId).searchParams, days }, struct: OrderStats });
}

/** What the Customers screen asks for: a search (empty: everyone) and a page. */
export type CustomersAsk = { search: string; page: number; pageSize: number };

const customerParams = (restaurantId: number | null, search: string) => ({
  ...scope(restaurantId).searchParams,
  ...(search.trim() === '' ? {} : { search: search.trim() }),
});

export function loadCustomers(restaurantId: number | null, ask: CustomersAsk, client: ApiClient = api): Promise<CustomersPage> {
  return client.get(paths.customers, {
    searchParams: { ...customerParams(restaurantId, ask.search), page: ask.page, page_size: ask.pageSize },
    struct: CustomersPage,
  });
}

/** Every customer matching the search as CSV (the server's file, named by it). */
export function downloadCustomers(restaurantId: number | null, search: string, client: ApiClient = api): Promise<DownloadedFile> {
  return client.getFile(paths.customers, { searchParams: { ...customerParams(restaurantId, search), format: 'csv' } });
}

/** The dashboard's "Backend reachable": a real call to the health check, true when the database answers. */
export async function checkBackend(client: ApiClient = api): Promise<boolean> {
  try {
    const health = await client.get(paths.health, { struct: Health });
    return health.status === 'ok';
  } catch {
    return false;
  }
}
