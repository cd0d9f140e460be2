import { eq, sql } from 'drizzle-orm';
import { resolveSoldOutUntil, type SoldOutState } from '../../../contracts/shared/sold-out';
import type { Schedule } from '../../../contracts/shared/opening-status';
import type { Db } from '../../db/database';
import { categories, extraGroups, extraSelections, menuItems } from '../../db/schema-menu';
import { HttpError } from '../../http-error';
import type { Scope } from '../shared/scope';
import { actsIn, notFound } from '../shared/tenancy';

/**
 * Sold out (86) until a time (issue 45): an item or an extra selection of the scope's restaurant
 * gets its `sold_out_until`, or loses it. Changing these rows raises the restaurant's store
 * version (migration 0019's triggers), so every cached store page and store data is renewed.
 */

/** The restaurant's hours and zone, read by the storefront area (handed in by server/app.ts). */
export type ScheduleReader = (db: Db, restaurantId: number, now: Date) => Promise<{ schedule: Schedule } | null>;

export type SoldOutTarget = 'item' | 'selection';

const WHAT: Record<SoldOutTarget, string> = { item: 'Menu item', selection: 'Extra selection' };

/**
 * The restaurant of the row, when the scope acts in it; else 404, the same for a missing row, another
 * restaurant's, and a platform library row (which is on no store, so never sold out).
 */
async function restaurantOf(db: Db, scope: Scope, target: SoldOutTarget, id: number): Promise<number> {
  const [row] =
    target === 'item'
      ? await db
          .select({ restaurantId: categories.restaurantId })
          .from(menuItems)
          .innerJoin(categories, eq(categories.id, menuItems.categoryId))
          .where(eq(menuItems.id, id))
      : await db
          .select({ restaurantId: categories.restaurantId })
          .from(extraSelections)
          .innerJoin(extraGroups, eq(extraGroups.id, extraSelections.groupId))
          .innerJoin(categories, eq(categories.id, extraGroups.categoryId))
          .where(eq(extraSelections.id, id));
  if (!row || row.restaurantId === null || !actsIn(scope, row.restaurantId)) throw notFound(WHAT[target]);
  return row.restaurantId;
}

async function write(db: Db, target: SoldOutTarget, id: number, until: Date | null): Promise<SoldOutState> {
  const table = target === 'item' ? menuItems : extraSelections;
  const [row] = await db.update(table).set({ soldOutUntil: until }).where(eq(table.id, id)).returning({ id: table.id, until: table.soldOutUntil });
  if (!row) throw notFound(WHAT[target]);
  return { id: row.id, sold_out_until: row.until?.toISOString() ?? null };
}

/** Sold out until `until` ('close', 'tomorrow' or a date and time), resolved in the restaurant's zone at `now`. */
export async function markSoldOut(db: Db, scope: Scope, target: SoldOutTarget, id: number, until: string, schedules: ScheduleReader, now: Date) {
  const restaurantId = await restaurantOf(db, scope, target, id);
  const found = await schedules(db, restaurantId, now);
  if (!found) throw notFound(WHAT[target]);
  const resolved = resolveSoldOutUntil(until, found.schedule, now);
  if (!resolved.ok) throw new HttpError(400, 'invalid', 'Some fields are not valid.', { fields: { until: resolved.message } });
  return write(db, target, id, resolved.at);
}

/** On sale again now. */
export async function backOnSale(db: Db, scope: Scope, target: SoldOutTarget, id: number): Promise<SoldOutState> {
  await restaurantOf(db, scope, target, id);
  return write(db, target, id, null);
}

/** Rows one sweep statement clears: small enough to hold few locks, and each sweep repeats until none are due. */
export const SOLD_OUT_SWEEP_BATCH = 50;
/** Batches one sweep runs at most (so one sweep ends even when thousands come due at once; the next goes on). */
const SWEEP_BATCHES_MAX = 20;

/**
 * Items and selections whose time has passed are put back on sale, and the restaurant is told of
 * each item (`restaurant_notifications`, kind `item_back`, detail `{ name }`) and each selection
 * (kind `selection_back`, detail `{ name, group }`). They were already orderable (every reader
 * compares the time with now); this clears the time so the owner's screens and the store's
 * version move on, and says so once.
 *
 * Once across server processes: one statement picks a batch with FOR UPDATE SKIP LOCKED, clears
 * it and inserts its notifications, so a row another process is clearing is skipped, and a row
 * already cleared is no longer due. Answers how many rows came back.
 */
export async function sweepSoldOut(db: Db, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  let total = 0;
  for (let batch = 0; batch < SWEEP_BATCHES_MAX; batch += 1) {
    const items = await db.execute(sql`
      WITH due AS (
        SELECT id FROM menu_items WHERE sold_out_until <= ${at} ORDER BY sold_out_until, id LIMIT ${SOLD_OUT_SWEEP_BATCH} FOR UPDATE SKIP LOCKED
      ), cleared AS (
        UPDATE menu_items m SET sold_out_until = NULL FROM due WHERE m.id = due.id RETURNING m.id, m.name, m.category_id
      )
      INSERT INTO restaurant_notifications (restaurant_id, kind, subject_id, detail, at)
      SELECT c.restaurant_id, 'item_back', cleared.id, jsonb_build_object('name', cleared.name), ${at}
      FROM cleared JOIN categories c ON c.id = cleared.category_id WHERE c.restaurant_id IS NOT NULL
      RETURNING id`);
    const selections = await db.execute(sql`
      WITH due AS (
        SELECT id FROM extra_selections WHERE sold_out_until <= ${at} ORDER BY sold_out_until, id LIMIT ${SOLD_OUT_SWEEP_BATCH} FOR UPDATE SKIP LOCKED
      ), cleared AS (
        UPDATE extra_selections s SET sold_out_until = NULL FROM due WHERE s.id = due.id RETURNING s.id, s.name, s.group_id
      )
      INSERT INTO restaurant_notifications (restaurant_id, kind, subject_id, detail, at)
      SELECT c.restaurant_id, 'selection_back', cleared.id, jsonb_build_object('name', cleared.name, 'group', g.name), ${at}
      FROM cleared JOIN extra_groups g ON g.id = cleared.group_id JOIN categories c ON c.id = g.category_id WHERE c.restaurant_id IS NOT NULL
      RETURNING id`);
    const came = rowCount(items) + rowCount(selections);
    total += came;
    if (came === 0) break;
  }
  return total;
}

const rowCount = (result: unknown): number => (result as { rows?: unknown[] }).rows?.length ?? (Array.isArray(result) ? result.length : 0);
