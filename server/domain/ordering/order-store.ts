import type { Database } from '../../db/database';

/** The restaurant an order belongs to: its id, its version (what a cached page was drawn at) and its current slug. */
export type OrderStore = { id: number; version: number; slug: string };

/**
 * Whose tracking page an order's token opens (issue 40, item 16): the order's own restaurant,
 * at its current address, whatever store address the link was reached by. Plain SQL by the
 * unique token index, since every tracking page load asks it (like the store page's version).
 */
export async function orderStore(database: Database, token: string): Promise<OrderStore | null> {
  const [row] = await database.query(
    'select r.id, r.version, r.slug from orders o join restaurants r on r.id = o.restaurant_id where o.token = $1 and r.slug is not null',
    [token],
  );
  return row ? { id: Number(row.id), version: Number(row.version), slug: String(row.slug) } : null;
}
