import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { canonicalZip, SPACED_POSTCODES, type DemandSource, type LocalDemand, type ZipDemand } from '../../../contracts/leads';
import { NO_RESTAURANT_MESSAGE } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { messages, restaurants } from '../../db/schema';
import { HttpError } from '../../http-error';
import { isAdmin, type UserRow } from '../shared/people';
import { notFound } from '../shared/tenancy';

/**
 * Reads a restaurant's service zips. The onboarding area owns those tables; the composition root
 * (server/app.ts) hands its reader in, since this area may not import that one.
 */
export type ServiceZipsReader = (db: Db, restaurantId: number) => Promise<{ source: DemandSource; zips: string[] }>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A US ZIP+4 ("94107-1234") is counted for its five-digit ZIP. */
const ZIP_PLUS_FOUR = '^([0-9]{5})-[0-9]{4}$';

/**
 * A zip as it is compared: written as sign-ups are stored (`canonicalZip`), ZIP+4 cut to its ZIP.
 * Service zips come from the onboarding's forms as typed, so they go through it here.
 */
export function normalisedZip(zip: string): string {
  return canonicalZip(zip).replace(new RegExp(ZIP_PLUS_FOUR), '$1');
}

/** Our own constants written into the statement, not bound: GROUP BY must see the very expression the SELECT has. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/**
 * The same in SQL, with the same patterns, for the sign-ups' zip column: rows stored before
 * sign-ups were written canonically ("M5H3T4", "m5h 3t4") count as new ones do.
 */
const normalisedZipColumn = [...SPACED_POSTCODES, ZIP_PLUS_FOUR].reduce(
  (written, pattern) => sql<string>`regexp_replace(${written}, ${literal(pattern)}, ${literal(pattern === ZIP_PLUS_FOUR ? '\\1' : '\\1 \\2')})`,
  sql<string>`regexp_replace(upper(regexp_replace(${messages.zipCode}, '^\\s+|\\s+$', '', 'g')), '\\s+', ' ', 'g')`,
);

/**
 * Which restaurant the caller asks about: the named one, or the active one. Owners may only name
 * their active restaurant (another one answers 404, as unknown ones do: PRODUCT.md, tenancy);
 * administrators (staff and superadmins) any restaurant that exists. Without a name and without
 * an active restaurant there is nothing to count: 400.
 */
export async function demandRestaurant(db: Db, user: UserRow, requested: number | undefined): Promise<{ id: number; name: string }> {
  const id = requested ?? user.activeRestaurantId;
  if (id === null) throw new HttpError(400, 'no_active_restaurant', NO_RESTAURANT_MESSAGE);
  if (!isAdmin(user) && id !== user.activeRestaurantId) throw notFound('Restaurant');
  const [row] = await db.select({ id: restaurants.id, name: restaurants.name }).from(restaurants).where(eq(restaurants.id, id));
  if (!row) throw notFound('Restaurant');
  return { id: row.id, name: row.name ?? '' };
}

/**
 * Notify-me sign-ups (every status) per zip the restaurant serves, over the last 30 and 90 days
 * of the app's clock. Counts only: no address or message of anyone leaves this function.
 * Sorted by the 90-day count, busiest first, then by zip.
 */
export async function localDemand(db: Db, restaurant: { id: number; name: string }, serviceZips: ServiceZipsReader, now: Date): Promise<LocalDemand> {
  const { source, zips } = await serviceZips(db, restaurant.id);
  const wanted = [...new Set(zips.map(normalisedZip).filter((zip) => zip !== ''))];
  const since90 = new Date(now.getTime() - 90 * DAY_MS);
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const counted =
    wanted.length === 0
      ? []
      : await db
          .select({
            zip: normalisedZipColumn,
            last30: sql<number>`count(*) filter (where ${messages.createdAt} >= ${since30.toISOString()})`.mapWith(Number),
            last90: sql<number>`count(*)`.mapWith(Number),
          })
          .from(messages)
          .where(and(gte(messages.createdAt, since90), lte(messages.createdAt, now), inArray(normalisedZipColumn, wanted)))
          .groupBy(normalisedZipColumn);
  const byZip = new Map(counted.map((row) => [row.zip, row]));
  const demand: ZipDemand[] = wanted
    .map((zip) => ({ zip_code: zip, last_30_days: byZip.get(zip)?.last30 ?? 0, last_90_days: byZip.get(zip)?.last90 ?? 0 }))
    .sort((a, b) => b.last_90_days - a.last_90_days || a.zip_code.localeCompare(b.zip_code));
  return {
    restaurant_id: restaurant.id,
    restaurant_name: restaurant.name,
    source,
    zips: demand,
    total_last_30_days: demand.reduce((sum, zip) => sum + zip.last_30_days, 0),
    total_last_90_days: demand.reduce((sum, zip) => sum + zip.last_90_days, 0),
  };
}

/**
 * Notify-me sign-ups (every status) per zip code over the `days` before `now`: only the zips
 * asked about, counts only. Other areas (territories' coverage map) get this function from the
 * composition root (server/app.ts).
 */
export async function signupsPerZip(db: Db, zips: readonly string[], now: Date, days: number): Promise<Map<string, number>> {
  const wanted = [...new Set(zips.map(normalisedZip).filter((zip) => zip !== ''))];
  if (wanted.length === 0) return new Map();
  const since = new Date(now.getTime() - days * DAY_MS);
  const counted = await db
    .select({ zip: normalisedZipColumn, signups: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(and(gte(messages.createdAt, since), lte(messages.createdAt, now), inArray(normalisedZipColumn, wanted)))
    .groupBy(normalisedZipColumn);
  return new Map(counted.map((row) => [row.zip, row.signups]));
}
