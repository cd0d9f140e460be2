import { AnalyticsStats, GeneralStats, MenuStats } from '../../../contracts/insights';
import { Health } from '../../../contracts/shared/health';
import { paths } from '../../../contracts/shared/paths';
import { api, type ApiClient } from '../shared/api';

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

/** The dashboard's "Backend reachable": a real call to the health check, true when the database answers. */
export async function checkBackend(client: ApiClient = api): Promise<boolean> {
  try {
    const health = await client.get(paths.health, { struct: Health });
    return health.status === 'ok';
  } catch {
    return false;
  }
}
