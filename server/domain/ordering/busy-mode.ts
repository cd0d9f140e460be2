import { eq } from 'drizzle-orm';
import { BUSY_HOURS, paceAt, type BusyBody, type BusyState, type PauseBody } from '../../../contracts/ordering/kitchen-pause';
import type { Db } from '../../db/database';
import { restaurantKitchenSettings } from '../../db/schema-ordering';
import type { Scope } from '../shared/scope';
import { notFound, restaurantForNewRow } from '../shared/tenancy';
import type { StoreReaders } from './store-readers';

/**
 * Busy mode (issue 45): the pause of new orders and the extra prep minutes, the only columns of
 * restaurant_kitchen_settings this module writes (the limits, lead time and auto-accept are the
 * kitchen settings' own). A restaurant without the row gets one with the table's defaults; an
 * existing row has only these columns changed. Each change is one statement, so nothing is
 * half-written, and it raises the restaurant's version (migration 0019's trigger): the store's
 * data and page follow. Nothing ends a pause or busy time: readers compare its end with now.
 */

const MINUTE = 60_000;

type Change = Partial<Pick<typeof restaurantKitchenSettings.$inferInsert, 'pausedAt' | 'pausedUntil' | 'busyExtraMinutes' | 'busyUntil'>>;

async function paceOf(db: Db, readers: StoreReaders, restaurantId: number, columns: Parameters<typeof paceAt>[0], now: Date): Promise<BusyState> {
  const restaurant = (await readers.restaurants(db, [restaurantId])).get(restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  return { ...paceAt(columns, now), time_zone: restaurant.time_zone, country: restaurant.country ?? null };
}

async function change(db: Db, readers: StoreReaders, scope: Scope, requested: number | undefined, set: Change, now: Date): Promise<BusyState> {
  const restaurantId = await restaurantForNewRow(db, scope, requested);
  const values = { ...set, updatedAt: now };
  const [row] = await db
    .insert(restaurantKitchenSettings)
    .values({ restaurantId, ...values })
    .onConflictDoUpdate({ target: restaurantKitchenSettings.restaurantId, set: values })
    .returning();
  return paceOf(db, readers, restaurantId, row, now);
}

export async function readPace(db: Db, readers: StoreReaders, scope: Scope, requested: number | undefined, now: Date): Promise<BusyState> {
  const restaurantId = await restaurantForNewRow(db, scope, requested);
  const [row] = await db.select().from(restaurantKitchenSettings).where(eq(restaurantKitchenSettings.restaurantId, restaurantId));
  return paceOf(db, readers, restaurantId, row, now);
}

/** Pauses new orders from now for `minutes`, or until reopened (null); a new pause replaces the one on. */
export const pauseOrders = (db: Db, readers: StoreReaders, scope: Scope, requested: number | undefined, { minutes }: PauseBody, now: Date) =>
  change(db, readers, scope, requested, { pausedAt: now, pausedUntil: minutes === null ? null : new Date(now.getTime() + minutes * MINUTE) }, now);

/** Takes new orders again at once. */
export const resumeOrders = (db: Db, readers: StoreReaders, scope: Scope, requested: number | undefined, now: Date) =>
  change(db, readers, scope, requested, { pausedAt: null, pausedUntil: null }, now);

/** Adds `minutes` to every prep time for BUSY_HOURS from now; 0 ends it. */
export const setBusy = (db: Db, readers: StoreReaders, scope: Scope, requested: number | undefined, { minutes }: BusyBody, now: Date) =>
  change(
    db,
    readers,
    scope,
    requested,
    minutes === 0 ? { busyExtraMinutes: 0, busyUntil: null } : { busyExtraMinutes: minutes, busyUntil: new Date(now.getTime() + BUSY_HOURS * 60 * MINUTE) },
    now,
  );
