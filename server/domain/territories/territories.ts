import { asc, eq, inArray } from 'drizzle-orm';
import type { Territory, TerritoryCreate, TerritoryListQuery, TerritoryUpdate } from '../../../contracts/territories';
import type { Db } from '../../db/database';
import { territories, territoryCircles, territorySocials, territoryZips } from '../../db/schema-territories';
import { breaksUnique } from '../../db/sql-state';
import { HttpError } from '../../http-error';
import { forgetImages } from '../shared/images';
import { listRows, type Listed } from '../shared/listing';
import { notFound } from '../shared/tenancy';
import { storeInside, type Store } from './stores';

/**
 * Territories (administrators only): a row with its zip codes, circles and social links. Writes
 * replace the child lists they are given whole, in the caller's transaction.
 */

type TerritoryRow = typeof territories.$inferSelect;
type Children = Pick<Territory, 'zips' | 'circles' | 'socials'>;

const SLUG_UNIQUE = 'territories_slug_unique';
const slugTaken = () =>
  new HttpError(409, 'slug_taken', 'This slug is already used by another territory.', { fields: { slug: 'This slug is already used by another territory.' } });

/** An empty text is "none", stored as null like a cleared field. */
const orNull = <T>(value: T | null | undefined) => (value === '' ? null : value);

/** The row's columns a create or update sets; `undefined` leaves a column as it is. */
function columnsOf(body: TerritoryUpdate) {
  return {
    name: body.name,
    slug: orNull(body.slug),
    phone: orNull(body.phone),
    email: orNull(body.email),
    repName: orNull(body.rep_name),
    repDob: body.rep_dob,
    repMezeEmail: orNull(body.rep_meze_email),
    repPersonalEmail: orNull(body.rep_personal_email),
    repPhone: orNull(body.rep_phone),
    repAddress: orNull(body.rep_address),
    currentCommission: orNull(body.current_commission),
    settlementDate: body.settlement_date,
    // `active` is the specification's other name for the flag; `is_active` wins when both are sent.
    isActive: body.is_active ?? body.active,
  };
}

/** Replaces the child lists that were sent (an absent list is left alone; an empty one clears). */
async function replaceChildren(tx: Db, id: number, body: TerritoryUpdate): Promise<void> {
  if (body.zips) {
    await tx.delete(territoryZips).where(eq(territoryZips.territoryId, id));
    if (body.zips.length > 0) {
      await tx.insert(territoryZips).values(body.zips.map((zipCode, position) => ({ territoryId: id, zipCode, position })));
    }
  }
  if (body.circles) {
    await tx.delete(territoryCircles).where(eq(territoryCircles.territoryId, id));
    if (body.circles.length > 0) {
      await tx.insert(territoryCircles).values(
        body.circles.map((circle, position) => ({
          territoryId: id,
          centerLat: circle.center_lat,
          centerLng: circle.center_lng,
          radiusMeters: circle.radius_meters,
          position,
        })),
      );
    }
  }
  if (body.socials) {
    await tx.delete(territorySocials).where(eq(territorySocials.territoryId, id));
    if (body.socials.length > 0) {
      await tx.insert(territorySocials).values(
        body.socials.map((social, position) => ({
          territoryId: id,
          platformName: social.platform_name,
          platformUrl: social.platform_url,
          position,
        })),
      );
    }
  }
}

/** The child lists of several territories, three queries whatever their number. */
async function childrenOf(db: Db, ids: number[]): Promise<Map<number, Children>> {
  const children = new Map<number, Children>(ids.map((id) => [id, { zips: [], circles: [], socials: [] }]));
  if (ids.length === 0) return children;
  const [zips, circles, socials] = await Promise.all([
    db.select().from(territoryZips).where(inArray(territoryZips.territoryId, ids)).orderBy(asc(territoryZips.position)),
    db.select().from(territoryCircles).where(inArray(territoryCircles.territoryId, ids)).orderBy(asc(territoryCircles.position)),
    db.select().from(territorySocials).where(inArray(territorySocials.territoryId, ids)).orderBy(asc(territorySocials.position)),
  ]);
  for (const row of zips) children.get(row.territoryId)?.zips.push(row.zipCode);
  for (const row of circles) {
    children.get(row.territoryId)?.circles.push({ center_lat: row.centerLat, center_lng: row.centerLng, radius_meters: row.radiusMeters });
  }
  for (const row of socials) children.get(row.territoryId)?.socials.push({ platform_name: row.platformName, platform_url: row.platformUrl });
  return children;
}

function toTerritory(row: TerritoryRow, children: Children, stores: readonly Store[]): Territory {
  const area = { zips: new Set(children.zips), circles: children.circles };
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    phone: row.phone,
    email: row.email,
    rep_name: row.repName,
    rep_dob: row.repDob,
    rep_meze_email: row.repMezeEmail,
    rep_personal_email: row.repPersonalEmail,
    rep_phone: row.repPhone,
    rep_address: row.repAddress,
    current_commission: row.currentCommission,
    settlement_date: row.settlementDate,
    is_active: row.isActive,
    ...children,
    rep_photo: row.repPhoto,
    wallpaper: row.wallpaper,
    num_zip_codes: children.zips.length,
    num_stores: stores.filter((store) => storeInside(store, area)).length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Territories as answered: children read for all rows at once, stores read once and matched per row. */
async function answered(db: Db, rows: TerritoryRow[], readStores: () => Promise<Store[]>): Promise<Territory[]> {
  if (rows.length === 0) return [];
  const [children, stores] = await Promise.all([
    childrenOf(
      db,
      rows.map((row) => row.id),
    ),
    readStores(),
  ]);
  return rows.map((row) => toTerritory(row, children.get(row.id) as Children, stores));
}

export async function territoryPage(db: Db, query: TerritoryListQuery, readStores: () => Promise<Store[]>): Promise<Listed<Territory>> {
  const listed = await listRows(
    db,
    {
      table: territories,
      where: [query.is_active === undefined ? undefined : eq(territories.isActive, query.is_active)],
      searchIn: [territories.name, territories.slug, territories.repName],
      orderBy: { id: territories.id, name: territories.name, created_at: territories.createdAt },
      id: territories.id,
    },
    query,
  );
  return { ...listed, rows: await answered(db, listed.rows, readStores) };
}

async function rowOf(db: Db, id: number): Promise<TerritoryRow> {
  const [row] = await db.select().from(territories).where(eq(territories.id, id));
  if (!row) throw notFound('Territory');
  return row;
}

export async function readTerritory(db: Db, id: number, readStores: () => Promise<Store[]>): Promise<Territory> {
  const [territory] = await answered(db, [await rowOf(db, id)], readStores);
  return territory as Territory;
}

/** Runs a write; a slug another territory holds answers 409 (the unique index decides, so two writers cannot both win). */
async function guardingSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw breaksUnique(error, SLUG_UNIQUE) ? slugTaken() : error;
  }
}

/** Creates the territory and its child lists; run it in a transaction (all or nothing). */
export async function createTerritory(tx: Db, body: TerritoryCreate, now: Date): Promise<number> {
  return guardingSlug(async () => {
    const [row] = await tx
      .insert(territories)
      .values({ ...columnsOf(body), name: body.name, isActive: body.is_active ?? body.active ?? true, createdAt: now, updatedAt: now })
      .returning({ id: territories.id });
    const id = (row as { id: number }).id;
    await replaceChildren(tx, id, body);
    return id;
  });
}

/** Changes the fields sent and replaces the child lists sent; run it in a transaction. */
export async function updateTerritory(tx: Db, id: number, body: TerritoryUpdate, now: Date): Promise<void> {
  await guardingSlug(async () => {
    const [row] = await tx
      .update(territories)
      .set({ ...columnsOf(body), updatedAt: now })
      .where(eq(territories.id, id))
      .returning({ id: territories.id });
    if (!row) throw notFound('Territory');
    await replaceChildren(tx, id, body);
  });
}

/**
 * Deletes the territory (its child rows go with it) and forgets its images, the bytes no other
 * upload shares included; run it in a transaction.
 */
export async function deleteTerritory(tx: Db, id: number): Promise<void> {
  const [row] = await tx.delete(territories).where(eq(territories.id, id)).returning({ repPhoto: territories.repPhoto, wallpaper: territories.wallpaper });
  if (!row) throw notFound('Territory');
  await forgetImages(
    tx,
    [row.repPhoto, row.wallpaper].filter((url): url is string => url !== null),
  );
}
