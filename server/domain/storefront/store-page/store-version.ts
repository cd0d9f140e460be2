import type { Database } from '../../../db/database';

/** `slug` is the restaurant's current one: another means the address asked for is a former one. */
export type StoreVersion = { id: number; version: number; slug: string };

/**
 * The restaurant at `slug` and its version: the one query every store page request makes (by the
 * unique slug index), so that a change made through any server process shows on the very next
 * request, whatever this process has cached. Whether the restaurant is launched is not asked
 * here: launching raises the version (the onboardings table's trigger, migration 0009), so the
 * answer cached for a version (a page, or none while unlaunched) stays right until it changes.
 *
 * Plain SQL rather than Drizzle's builder, because this runs on every request: on PGlite, under
 * load, the builder and its row mapping cost about as much again as the query itself (1.0 against
 * 0.5 ms a call measured side by side), which is the difference between the page keeping up with
 * a static file or not (docs/performance.md, "The store page").
 *
 * A former slug (store_slug_history, migration 0014) is looked up only when no restaurant has
 * the slug now, so a store's own address costs the one lookup it always did; the answer then
 * names the current slug, and the page redirects there (issue 40, item 16).
 */
export async function storeVersion(database: Database, slug: string): Promise<StoreVersion | null> {
  const [current] = await database.query('select id, version, slug from restaurants where slug = $1', [slug]);
  if (current) return toStoreVersion(current);
  const [former] = await database.query(
    'select r.id, r.version, r.slug from store_slug_history h join restaurants r on r.id = h.restaurant_id where h.slug = $1',
    [slug],
  );
  return former ? toStoreVersion(former) : null;
}

const toStoreVersion = (row: Record<string, unknown>): StoreVersion => ({ id: Number(row.id), version: Number(row.version), slug: String(row.slug) });
