import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '../../../contracts/ordering/kitchen-settings';
import type { Db } from '../../db/database';
import { restaurantKitchenSettings } from '../../db/schema-ordering';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter } from '../shared/tenancy';
import { readKitchenRow, type KitchenRow } from './kitchen-pace';

/**
 * The Kitchen section of a restaurant's settings (issue 45), under the same tenancy as its other
 * sections (its owner, or an administrator acting in it; 404 otherwise). Never saved: the defaults.
 * Saving writes the capacity, notice and auto-accept columns only: the pause and busy minutes of
 * the same row belong to the board's routes and stay as they are.
 */

const settingsOf = (row: KitchenRow | undefined): KitchenSettings =>
  row
    ? {
        max_orders_per_slot: row.maxOrdersPerSlot,
        max_items_per_slot: row.maxItemsPerSlot,
        min_lead_minutes: row.minLeadMinutes,
        auto_accept: row.autoAccept,
        default_prep_minutes: row.defaultPrepMinutes,
      }
    : DEFAULT_KITCHEN_SETTINGS;

export async function readKitchenSettings(db: Db, scope: Scope, restaurantId: number): Promise<KitchenSettings> {
  await checkedRestaurantFilter(db, scope, restaurantId);
  return settingsOf(await readKitchenRow(db, restaurantId));
}

export async function saveKitchenSettings(db: Db, scope: Scope, restaurantId: number, settings: KitchenSettings, now: Date): Promise<KitchenSettings> {
  await checkedRestaurantFilter(db, scope, restaurantId);
  const values = {
    maxOrdersPerSlot: settings.max_orders_per_slot,
    maxItemsPerSlot: settings.max_items_per_slot,
    minLeadMinutes: settings.min_lead_minutes,
    autoAccept: settings.auto_accept,
    defaultPrepMinutes: settings.default_prep_minutes,
    updatedAt: now,
  };
  const [row] = await db
    .insert(restaurantKitchenSettings)
    .values({ restaurantId, ...values })
    .onConflictDoUpdate({ target: restaurantKitchenSettings.restaurantId, set: values })
    .returning();
  return settingsOf(row);
}
