import { eq } from 'drizzle-orm';
import { busyMinutesAt, pauseAt } from '../../../contracts/shared/store-pause';
import type { Storefront } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import { restaurantKitchenSettings } from '../../db/schema-ordering';

/**
 * What the store page and checkout show of a busy kitchen (issue 45): its pause of new orders and
 * its extra prep minutes, each only while still on at `now`, and the notice it asks for. The ordering area owns the table and
 * may not be imported here, so it is read directly (as store-money reads the money settings);
 * changing it raises the restaurant's version (migration 0019), and an end passing by itself is
 * in the ETag and the page cache's window (store-etag.ts).
 */
export async function readStorePace(
  db: Db,
  restaurantId: number,
  now: Date,
): Promise<Pick<Storefront, 'pause' | 'busy_extra_minutes' | 'busy_until' | 'min_lead_minutes'>> {
  const [row] = await db
    .select({
      pausedAt: restaurantKitchenSettings.pausedAt,
      pausedUntil: restaurantKitchenSettings.pausedUntil,
      busyExtraMinutes: restaurantKitchenSettings.busyExtraMinutes,
      busyUntil: restaurantKitchenSettings.busyUntil,
      minLeadMinutes: restaurantKitchenSettings.minLeadMinutes,
    })
    .from(restaurantKitchenSettings)
    .where(eq(restaurantKitchenSettings.restaurantId, restaurantId));
  const pause = row?.pausedAt ? pauseAt({ until: row.pausedUntil?.toISOString() ?? null }, now) : null;
  const busyUntil = row?.busyUntil?.toISOString() ?? null;
  const extra = busyMinutesAt(row?.busyExtraMinutes, busyUntil, now);
  return { pause, busy_extra_minutes: extra, busy_until: extra > 0 ? busyUntil : null, min_lead_minutes: row?.minLeadMinutes ?? 0 };
}
