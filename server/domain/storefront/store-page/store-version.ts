import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { onboardings, restaurants } from '../../../db/schema';

export type StoreVersion = { id: number; version: number };

/**
 * The launched restaurant at `slug` and its version: the one query every store page request
 * makes (by the unique slug index; readStorefront's fuller query runs only when the page must be rendered), so that a change made through any server process shows on
 * the very next request, whatever this process has cached. Null when no launched store has it.
 */
export async function storeVersion(db: Db, slug: string): Promise<StoreVersion | null> {
  const [row] = await db
    .select({ id: restaurants.id, version: restaurants.version })
    .from(restaurants)
    .innerJoin(onboardings, eq(onboardings.restaurantId, restaurants.id))
    .where(and(eq(restaurants.slug, slug), isNotNull(onboardings.launchedAt)))
    .limit(1);
  return row ?? null;
}
