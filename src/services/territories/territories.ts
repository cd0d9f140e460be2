import { paths } from '../../../contracts/shared/paths';
import { parseWith } from '../../../contracts/shared/validation';
import {
  MapConfig,
  Territory,
  TerritoryCoverage,
  TerritoryCoverageRequest,
  TerritoryCreate,
  TerritoryUpdate,
  type TerritoryImageField,
} from '../../../contracts/territories';
import { api, type ApiClient, type ListPage } from '../shared/api';

/**
 * The territories area's calls (administrators only), through the newer client. Bodies go
 * through their contract first, so a body the server would refuse never leaves the browser and
 * the wire carries the trimmed values the server checks.
 */

/** Enough for every territory on one screen: an operator has dozens, not thousands. */
export const TERRITORY_LIST_PAGE_SIZE = 500;

export function listTerritories(search: string, client: ApiClient = api): Promise<ListPage<Territory>> {
  const term = search.trim();
  return client.getList(paths.territories, {
    struct: Territory,
    // `?search=` would match everyone anyway: a blank search is left out.
    searchParams: { page_size: TERRITORY_LIST_PAGE_SIZE, ordering: 'name', ...(term ? { search: term } : {}) },
  });
}

export function getTerritory(id: number, client: ApiClient = api): Promise<Territory> {
  return client.get(paths.territory(id), { struct: Territory });
}

// async: a body the contract refuses becomes a rejected call, as the server's 400 would be.
export async function createTerritory(body: TerritoryCreate, client: ApiClient = api): Promise<Territory> {
  return client.post(paths.territories, parseWith(TerritoryCreate, body), { struct: Territory });
}

export async function updateTerritory(id: number, body: TerritoryUpdate, client: ApiClient = api): Promise<Territory> {
  return client.patch(paths.territory(id), parseWith(TerritoryUpdate, body), { struct: Territory });
}

/** The images chosen in the editor, by field; only the new ones are sent. */
export type TerritoryImages = Partial<Record<TerritoryImageField, File>>;

/** Spec section 6: the images go in a second, multipart PATCH on the territory. */
export function uploadTerritoryImages(id: number, images: TerritoryImages, client: ApiClient = api): Promise<Territory> {
  const form = new FormData();
  for (const [field, file] of Object.entries(images)) if (file) form.append(field, file);
  return client.patch(paths.territory(id), form, { struct: Territory });
}

export async function deleteTerritory(id: number, client: ApiClient = api): Promise<void> {
  await client.delete(paths.territory(id));
}

/** What the editor's current zips and circles cover (saved or not). */
export async function loadCoverage(request: TerritoryCoverageRequest, client: ApiClient = api): Promise<TerritoryCoverage> {
  return client.post(paths.territoryCoverage, parseWith(TerritoryCoverageRequest, request), { struct: TerritoryCoverage });
}

/** Where the map's tiles come from (the server's MAP_TILE_URL). */
export function loadMapConfig(client: ApiClient = api): Promise<MapConfig> {
  return client.get(paths.mapConfig, { struct: MapConfig });
}
