import type { Database } from '../../../db/database';

export type StoreVersion = { id: number; version: number };

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
 */
export async function storeVersion(database: Database, slug: string): Promise<StoreVersion | null> {
  const [row] = await database.query('select id, version from restaurants where slug = $1', [slug]);
  return row ? { id: Number(row.id), version: Number(row.version) } : null;
}
