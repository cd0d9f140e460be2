import { sql, type SQL } from 'drizzle-orm';
import { fromCents } from '../../../contracts/shared/cents';
import { LIST_PAGE_SIZE_DEFAULT } from '../../../contracts/shared/lists';
import type { OrderingCustomer } from '../../../contracts/shared/order-figures';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { Db } from '../../db/database';
import { likePattern, type Listed } from '../shared/listing';
import { selectRows } from '../shared/raw-rows';
import { restaurantLocale } from '../shared/restaurants';

/**
 * A restaurant's customers, counted from its orders (issue 30): one per lower-cased email (placing
 * stores it lower-cased), named as on their latest order, with their orders, what they spent and
 * when they last ordered, the latest first (ties by email). Cancelled orders count nowhere, as in
 * the order statistics. Money is in the restaurant's currency. `search` finds a customer by the
 * name on their latest order, or their email.
 */
export type CustomerSearch = { restaurantId: number; search?: string | undefined };

/** Rows read per query while downloading: a restaurant's every customer never sits in memory at once. */
export const CUSTOMERS_EXPORT_BATCH = 1000;

type CustomerRow = { name: string; email: string; orders: number; cents: string | number; last_order_at: string; cursor: string };

/**
 * The restaurant's customers as the orders trigger keeps them (migration 0013), each with `at`,
 * their last order's time, for ordering and the download's keyset: one row per customer, read
 * through restaurant_customers_latest_idx, never a grouping of every order.
 */
function tallied({ restaurantId, search }: CustomerSearch): SQL {
  const text = search?.trim();
  const matches = text ? sql`and (email ilike ${likePattern(text)} or name ilike ${likePattern(text)})` : sql``;
  return sql`select email, name, orders, spent_cents as cents, last_order_at as at
    from restaurant_customers
    where restaurant_id = ${restaurantId} ${matches}`;
}

/** The columns of a customer row, its last order as ISO 8601 in UTC (the contract's instant). */
const CUSTOMER_COLUMNS = sql.raw(
  `name, email, orders, cents, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_order_at, at::text as cursor`,
);

const toCustomer = (row: CustomerRow, { currency, timeZone, country }: { currency: Currency; timeZone: string; country: string | null }): OrderingCustomer => ({
  name: row.name,
  email: row.email,
  orders: Number(row.orders),
  total_spent: fromCents(Number(row.cents)),
  currency,
  last_order_at: row.last_order_at,
  time_zone: timeZone,
  country,
});

/** One page and the count of every customer matching, in one statement (the count rides on each row). */
export async function customersPage(
  db: Db,
  query: CustomerSearch & { page?: number | undefined; page_size?: number | undefined },
): Promise<Listed<OrderingCustomer>> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? LIST_PAGE_SIZE_DEFAULT;
  const locale = await restaurantLocale(db, query.restaurantId);
  const [summary] = await selectRows<{ total: number; rows: CustomerRow[] }>(
    db,
    sql`with customers as (${tallied(query)})
        select (select count(*) from customers)::int as total,
          coalesce((select json_agg(page order by page.at desc, page.email) from (
            select at, ${CUSTOMER_COLUMNS} from customers order by at desc, email limit ${pageSize} offset ${(page - 1) * pageSize}
          ) page), '[]'::json) as rows`,
  );
  const rows = summary?.rows ?? [];
  return { count: Number(summary?.total ?? 0), rows: rows.map((row) => toCustomer(row, locale)), page, pageSize };
}

/**
 * Every customer matching, in the page's order, in batches: each batch starts after the last
 * customer of the one before (its last order's time as PostgreSQL's own text, which keeps the
 * microseconds a JavaScript Date would drop, and its email), so a deep batch costs what the first does.
 */
export async function* exportCustomers(db: Db, query: CustomerSearch, batchSize = CUSTOMERS_EXPORT_BATCH): AsyncGenerator<OrderingCustomer[]> {
  const locale = await restaurantLocale(db, query.restaurantId);
  let after: { at: string; email: string } | undefined;
  for (;;) {
    const keyset = after ? sql`where at < ${after.at}::timestamptz or (at = ${after.at}::timestamptz and email > ${after.email})` : sql``;
    const rows = await selectRows<CustomerRow>(
      db,
      sql`with customers as (${tallied(query)}) select ${CUSTOMER_COLUMNS} from customers ${keyset} order by at desc, email limit ${batchSize}`,
    );
    if (rows.length > 0) yield rows.map((row) => toCustomer(row, locale));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, email: last.email };
  }
}
