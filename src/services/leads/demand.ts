import { LocalDemand } from '../../../contracts/leads';
import { paths } from '../../../contracts/shared/paths';
import { api, type ApiClient } from '../shared/api';

/** The notify-me sign-ups counted around one restaurant (newer client, the session's token). */
export function loadLocalDemand(restaurantId: number, client: ApiClient = api): Promise<LocalDemand> {
  return client.get(paths.demand, { searchParams: { restaurant_id: restaurantId }, struct: LocalDemand });
}
