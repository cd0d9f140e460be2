import { and, eq, gte, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import { FREE_PACE, type KitchenPace, type SlotLoad } from '../../../contracts/ordering/availability';
import { SCHEDULE_DAYS, SLOT_MINUTES } from '../../../contracts/shared/order-slots';
import type { Db } from '../../db/database';
import { orders, restaurantKitchenSettings } from '../../db/schema-ordering';

/**
 * What the availability engine (contracts/ordering/availability.ts) reads of a restaurant's
 * kitchen (issue 45), in one place for every caller: placing and quoting an order, the store's
 * slots, the board's pause and busy buttons. No row: FREE_PACE (no limits, no notice, no pause).
 */

export type KitchenRow = typeof restaurantKitchenSettings.$inferSelect;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export const paceOf = (row: KitchenRow | undefined): KitchenPace =>
  row
    ? {
        max_orders_per_slot: row.maxOrdersPerSlot,
        max_items_per_slot: row.maxItemsPerSlot,
        min_lead_minutes: row.minLeadMinutes,
        busy_extra_minutes: row.busyExtraMinutes,
        busy_until: iso(row.busyUntil),
        paused_at: iso(row.pausedAt),
        paused_until: iso(row.pausedUntil),
      }
    : FREE_PACE;

/** The restaurant's kitchen settings row (undefined when never saved). */
export async function readKitchenRow(tx: Db, restaurantId: number): Promise<KitchenRow | undefined> {
  const [row] = await tx.select().from(restaurantKitchenSettings).where(eq(restaurantKitchenSettings.restaurantId, restaurantId));
  return row;
}

export async function readKitchenPace(tx: Db, restaurantId: number): Promise<KitchenPace> {
  return paceOf(await readKitchenRow(tx, restaurantId));
}

/**
 * Statuses that free an order's place in its slot. An order awaiting its card payment keeps its
 * place: it may still be paid within its window, and the slot must not be sold twice meanwhile.
 */
const FREED = ['cancelled', 'expired'];

/**
 * What each slot from the current one to the end of the schedule holds (ISO instant → orders and
 * items), for slots holding anything: at most SCHEDULE_DAYS days of 15-minute slots, a bounded answer.
 * Read in the order's transaction after the restaurant's counter row lock, the counts are settled.
 */
export async function readSlotLoads(tx: Db, restaurantId: number, now: Date): Promise<Record<string, SlotLoad>> {
  const slotMs = SLOT_MINUTES * 60_000;
  const from = new Date(Math.floor(now.getTime() / slotMs) * slotMs);
  // A day beyond the schedule's last date covers any zone's offset.
  const to = new Date(from.getTime() + (SCHEDULE_DAYS + 1) * 24 * 60 * 60_000);
  const rows = await tx
    .select({ slot: orders.slotAt, orders: sql<number>`count(*)::int`, items: sql<number>`coalesce(sum(${orders.itemCount}), 0)::int` })
    .from(orders)
    .where(
      and(eq(orders.restaurantId, restaurantId), isNotNull(orders.slotAt), gte(orders.slotAt, from), lt(orders.slotAt, to), notInArray(orders.status, FREED)),
    )
    .groupBy(orders.slotAt);
  const loads: Record<string, SlotLoad> = {};
  for (const row of rows) loads[row.slot!.toISOString()] = { orders: Number(row.orders), items: Number(row.items) };
  return loads;
}
