import { and, desc, eq, getTableColumns, lt, or, sql } from 'drizzle-orm';
import { ORDER_CSV_COLUMNS, type OrderCsvColumn } from '../../../contracts/ordering';
import { zoneReader } from '../../../contracts/shared/clock-format';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema-ordering';
import { csvRow } from '../shared/csv';
import type { OrderFilters } from './order-reads';
import type { OrderRow } from './order-shapes';
import type { StoreReaders } from './store-readers';

/**
 * GET /api/v2/orders/?format=csv (issue 43): every order the list's filters match, for the
 * accountant. Read in keyset batches in the list's own order (newest first, ties by the later id),
 * so a query's cost stays bounded whatever the restaurant's history, and written a batch at a
 * time, so the file never sits whole in memory.
 */
export const ORDERS_EXPORT_BATCH = 1000;

/** Cents as the currency's amount with two decimals ("32.60", "0.00"), in integers: no float rounding. */
export function csvAmount(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * An instant on a zone's wall clock with that zone's offset then: "2026-11-25T12:05:09-06:00"
 * (ISO 8601), so a row reads as the restaurant's time and still names one instant.
 */
export function zonedTime(at: Date, zone: string): string {
  const parts: Record<string, string> = {};
  for (const part of zoneReader(zone).formatToParts(at)) parts[part.type] = part.value;
  const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offsetMinutes = Math.round((Date.parse(`${wall}Z`) - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const size = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${String(Math.trunc(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
  return `${wall}${offset}`;
}

type ExportRow = OrderRow & { cursor: string };

/** One order's cells, by column; customers' text goes through csvRow, which defuses formulas. */
function cellsOf(row: OrderRow, zone: string): Record<OrderCsvColumn, unknown> {
  return {
    id: row.id,
    number: row.number,
    placed_at: zonedTime(row.placedAt, zone),
    time_zone: zone,
    status: row.status,
    fulfilment: row.fulfilment,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    subtotal: csvAmount(row.subtotalCents),
    discount: csvAmount(row.discountCents),
    tax: csvAmount(row.taxCents),
    tip: csvAmount(row.tipCents),
    fee: csvAmount(row.feeCents),
    total: csvAmount(row.totalCents),
    currency: row.currency,
    coupon_code: row.couponCode,
    prices_include_tax: row.pricesIncludeTax,
  };
}

/** The orders matching the list's filters (`orderFilters`, read before the file starts), a batch of at most `batchSize` at a time, newest first. */
export async function* exportOrders(
  db: Db,
  readers: StoreReaders,
  filters: OrderFilters,
  batchSize = ORDERS_EXPORT_BATCH,
): AsyncGenerator<{ row: OrderRow; zone: string }[]> {
  // The cursor is the stored instant as text: a JavaScript Date would cut its microseconds.
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const keyset = after
      ? or(lt(orders.placedAt, sql`${after.at}::timestamptz`), and(eq(orders.placedAt, sql`${after.at}::timestamptz`), lt(orders.id, after.id)))
      : undefined;
    const rows: ExportRow[] = await db
      .select({ ...getTableColumns(orders), cursor: sql<string>`${orders.placedAt}::text` })
      .from(orders)
      .where(and(...filters, keyset))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(batchSize);
    if (rows.length > 0) {
      const restaurants = await readers.restaurants(db, [...new Set(rows.map((row) => row.restaurantId))]);
      yield rows.map((row) => ({ row, zone: restaurants.get(row.restaurantId)?.time_zone ?? 'UTC' }));
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, id: last.id };
  }
}

/** The file: its header, then one chunk per batch. */
export async function* ordersCsv(db: Db, readers: StoreReaders, filters: OrderFilters, batchSize?: number): AsyncGenerator<string> {
  yield csvRow(ORDER_CSV_COLUMNS);
  for await (const batch of exportOrders(db, readers, filters, batchSize)) {
    yield batch.map(({ row, zone }) => csvRow(ORDER_CSV_COLUMNS.map((column) => cellsOf(row, zone)[column]))).join('');
  }
}
