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

/** What became of the chosen pictures: the territory as the last stored one left it (null when none was), and each refused picture's error. */
export type PicturesSent = { territory: Territory | null; refused: Partial<Record<TerritoryImageField, unknown>> };

/**
 * Spec section 6: the images go after the JSON save, as multipart PATCHes: one per picture,
 * because the server stores a request's pictures all or nothing, and one refused picture must
 * neither keep the other from being saved nor leave it unclear which was refused. Never rejects:
 * each picture's failure is in `refused`, under its field.
 */
export async function uploadTerritoryImages(id: number, images: TerritoryImages, client: ApiClient = api): Promise<PicturesSent> {
  const sent: PicturesSent = { territory: null, refused: {} };
  for (const [field, file] of Object.entries(images) as [TerritoryImageField, File | undefined][]) {
    if (!file) continue;
    const form = new FormData();
    form.append(field, file);
    try {
      sent.territory = await client.patch(paths.territory(id), form, { struct: Territory });
    } catch (error) {
      sent.refused[field] = error;
    }
  }
  return sent;
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
