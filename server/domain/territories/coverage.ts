import type { TerritoryCoverage, TerritoryCoverageRequest } from '../../../contracts/territories';
import type { Db } from '../../db/database';
import { storesInside, type StoresReader } from './stores';
import { zipPoint, zipsInsideCircles, type ZipPoint } from './zip-points';

/**
 * Counts notify-me sign-ups per zip over the `days` before `now`. The leads area owns them; the
 * composition root (server/app.ts) hands its counter in, since this area may not import that one.
 */
export type SignupCounter = (db: Db, zips: readonly string[], now: Date, days: number) => Promise<Map<string, number>>;

/** Section 9's demand window for the map: sign-ups of the last 90 days. */
export const SIGNUP_DAYS = 90;

const byZip = (a: string, b: string) => a.localeCompare(b);

/**
 * What a territory's zips and circles cover, as drawn in the editor (saved or not): the zips
 * listed or inside a circle with their points and sign-ups, the restaurants inside, and the
 * mismatches between the list and the circles.
 */
export async function territoryCoverage(
  db: Db,
  request: TerritoryCoverageRequest,
  sources: { readStores: StoresReader; countSignups: SignupCounter; now: Date },
): Promise<TerritoryCoverage> {
  const listed = new Set(request.zips);
  const inCircles = new Map(zipsInsideCircles(request.circles).map((point) => [point.zip, point]));
  const placedListed = request.zips.flatMap((zip) => {
    const point = zipPoint(zip);
    return point ? [point] : [];
  });
  const drawn = new Map<string, ZipPoint>([...placedListed.map((point) => [point.zip, point] as const), ...inCircles]);
  const [signups, stores] = await Promise.all([sources.countSignups(db, [...drawn.keys()], sources.now, SIGNUP_DAYS), sources.readStores(db)]);
  const inside = storesInside(stores, { zips: listed, circles: request.circles }).flatMap((store) => {
    const point = zipPoint(store.zip_code);
    return point ? [{ ...store, lat: point.lat, lng: point.lng }] : [];
  });
  return {
    zips: [...drawn.values()]
      .sort((a, b) => byZip(a.zip, b.zip))
      .map((point) => ({
        zip_code: point.zip,
        lat: point.lat,
        lng: point.lng,
        listed: listed.has(point.zip),
        in_circle: inCircles.has(point.zip),
        signups: signups.get(point.zip) ?? 0,
      })),
    restaurants: inside,
    circle_zips_not_listed: [...inCircles.keys()].filter((zip) => !listed.has(zip)).sort(byZip),
    listed_zips_outside_circles:
      request.circles.length === 0
        ? []
        : placedListed
            .filter((point) => !inCircles.has(point.zip))
            .map((point) => point.zip)
            .sort(byZip),
    unplaced_zips: request.zips.filter((zip) => zipPoint(zip) === undefined),
  };
}
