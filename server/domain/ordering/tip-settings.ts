import { eq } from 'drizzle-orm';
import { DEFAULT_TIP_SETTINGS, fromTipTenths, toTipTenths, type TipSettings } from '../../../contracts/ordering/order-settings';
import type { Db } from '../../db/database';
import { restaurantTipSettings } from '../../db/schema-ordering';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter } from '../shared/tenancy';

/**
 * The Tips section of a restaurant's settings (issue 43), under the same tenancy as its taxes
 * (its owner, or an administrator acting in it; 404 otherwise). Never saved: tips off, 10, 15 and
 * 20 % offered once turned on, and a custom amount allowed.
 */

const tipSettingsOf = (row: typeof restaurantTipSettings.$inferSelect): TipSettings => ({
  enabled: row.enabled,
  choices: row.choices.map(fromTipTenths),
  allow_custom: row.allowCustom,
});

export async function readTipSettings(db: Db, scope: Scope, restaurantId: number): Promise<TipSettings> {
  await checkedRestaurantFilter(db, scope, restaurantId);
  return tipTermsOf(db, restaurantId);
}

/** The restaurant's tips as saved, else the defaults, with no caller's scope: what an order's tip is held to. */
export async function tipTermsOf(db: Db, restaurantId: number): Promise<TipSettings> {
  const [row] = await db.select().from(restaurantTipSettings).where(eq(restaurantTipSettings.restaurantId, restaurantId));
  return row ? tipSettingsOf(row) : DEFAULT_TIP_SETTINGS;
}

export async function saveTipSettings(db: Db, scope: Scope, restaurantId: number, settings: TipSettings, now: Date): Promise<TipSettings> {
  await checkedRestaurantFilter(db, scope, restaurantId);
  const values = { enabled: settings.enabled, choices: settings.choices.map(toTipTenths), allowCustom: settings.allow_custom, updatedAt: now };
  const [row] = await db
    .insert(restaurantTipSettings)
    .values({ restaurantId, ...values })
    .onConflictDoUpdate({ target: restaurantTipSettings.restaurantId, set: values })
    .returning();
  return tipSettingsOf(row!);
}
