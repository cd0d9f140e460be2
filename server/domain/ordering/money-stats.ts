import { sql } from 'drizzle-orm';
import { fromCents } from '../../../contracts/shared/cents';
import { MONEY_CSV_COLUMNS, type MoneyStats, type MoneyTotals } from '../../../contracts/ordering/money-stats';
import type { Db } from '../../db/database';
import { csvRow } from '../shared/csv';
import { selectRows } from '../shared/raw-rows';
import { restaurantLocale } from '../shared/restaurants';
import { COUNTED_LIST } from './counted-orders';

/** A range of the restaurant's calendar, both days included; null: this month so far. */
export type MoneyRange = { from: string; to: string } | null;

/**
 * What is summed per day, in cents (orders a count): the orders' figures, their totals by how they
 * were paid (`card` + `in_person` is every total), and the refunds given that day; `net` follows.
 */
const SUMMED = ['orders', 'gross_sales', 'discounts', 'tax', 'tips', 'delivery_fees', 'card', 'in_person', 'refunds'] as const;
type Sums = Record<(typeof SUMMED)[number], number>;
type DayRow = { date: string } & Record<keyof Sums, string | number>;

/**
 * GET /stats/money/: a restaurant's money per day of its own calendar. One statement: the days
 * come from generate_series (a day without orders is a row of zeros), the orders are grouped by
 * their date in the zone, read through the (restaurant_id, placed_at) index between the first
 * day's midnight and the midnight after the last (at most 366 days, the contract's limit). Days
 * are when an order was placed; cancelled orders count nowhere (nor do orders that never reached
 * the kitchen). Refunds (issue 44) count on the day they were given, whenever the order was
 * placed, and only for orders that count: a cancelled order's money is in no figure to take them
 * from. `net` is what the customers were charged (each order's total: subtotal − discount + tax
 * when added + fee + tip, split by `card` and `in_person`) less refunds, so a day of refunds
 * alone may be negative. Sums are in cents and become money last.
 */
export async function moneyStats(db: Db, restaurantId: number, now: Date, range: MoneyRange): Promise<MoneyStats> {
  const { timeZone, currency, country } = await restaurantLocale(db, restaurantId);
  const rows = await selectRows<DayRow>(
    db,
    sql`with clock as (
          select (${now.toISOString()}::timestamptz at time zone ${timeZone})::date as today
        ), bounds as (
          select coalesce(${range?.from ?? null}::date, clock.today - (extract(day from clock.today)::int - 1)) as first_day,
                 coalesce(${range?.to ?? null}::date, clock.today) as last_day
          from clock
        ), counted as (
          select (o.placed_at at time zone ${timeZone})::date as day, count(*)::int as orders,
                 sum(o.subtotal_cents)::bigint as gross_sales, sum(o.discount_cents)::bigint as discounts,
                 sum(o.tax_cents)::bigint as tax, sum(o.tip_cents)::bigint as tips,
                 sum(o.fee_cents)::bigint as delivery_fees,
                 coalesce(sum(o.total_cents) filter (where o.payment_method = 'card'), 0)::bigint as card,
                 coalesce(sum(o.total_cents) filter (where o.payment_method = 'in_person'), 0)::bigint as in_person
          from orders o, bounds
          where o.restaurant_id = ${restaurantId} and o.status in ${COUNTED_LIST}
            and o.placed_at >= (bounds.first_day::timestamp at time zone ${timeZone})
            and o.placed_at < ((bounds.last_day + 1)::timestamp at time zone ${timeZone})
          group by 1
        ), refunded as (
          select (r.at at time zone ${timeZone})::date as day, sum(r.amount_cents)::bigint as refunds
          from order_refunds r join orders o on o.id = r.order_id, bounds
          where o.restaurant_id = ${restaurantId} and o.status in ${COUNTED_LIST}
            and r.at >= (bounds.first_day::timestamp at time zone ${timeZone})
            and r.at < ((bounds.last_day + 1)::timestamp at time zone ${timeZone})
          group by 1
        )
        select to_char(series.day, 'YYYY-MM-DD') as date, coalesce(counted.orders, 0) as orders,
               coalesce(counted.gross_sales, 0) as gross_sales, coalesce(counted.discounts, 0) as discounts,
               coalesce(counted.tax, 0) as tax, coalesce(counted.tips, 0) as tips,
               coalesce(counted.delivery_fees, 0) as delivery_fees, coalesce(counted.card, 0) as card,
               coalesce(counted.in_person, 0) as in_person, coalesce(refunded.refunds, 0) as refunds
        from bounds cross join lateral generate_series(bounds.first_day, bounds.last_day, interval '1 day') as series(day)
        left join counted on counted.day = series.day::date
        left join refunded on refunded.day = series.day::date
        order by series.day`,
  );
  const days = rows.map((row) => ({ date: row.date, cents: sumsOf(row) }));
  const totals = days.reduce((sum, day) => added(sum, day.cents), NONE);
  return {
    currency,
    time_zone: timeZone,
    country,
    days: days.map((day) => ({ date: day.date, ...asMoney(day.cents) })),
    totals: asMoney(totals),
  };
}

// bigint sums arrive as text from node-postgres: numbers here, far below 2^53 cents.
const sumsOf = (row: Record<keyof Sums, string | number>) => Object.fromEntries(SUMMED.map((figure) => [figure, Number(row[figure])])) as Sums;
const added = (a: Sums, b: Sums) => Object.fromEntries(SUMMED.map((figure) => [figure, a[figure] + b[figure]])) as Sums;
const NONE = Object.fromEntries(SUMMED.map((figure) => [figure, 0])) as Sums;

/** Cents to money with two decimals; `net` is what was charged (by card or in person) less what went back. */
const asMoney = (cents: Sums): MoneyTotals => ({
  orders: cents.orders,
  gross_sales: fromCents(cents.gross_sales),
  discounts: fromCents(cents.discounts),
  tax: fromCents(cents.tax),
  tips: fromCents(cents.tips),
  delivery_fees: fromCents(cents.delivery_fees),
  card: fromCents(cents.card),
  in_person: fromCents(cents.in_person),
  refunds: fromCents(cents.refunds),
  net: fromCents(cents.card + cents.in_person - cents.refunds),
});

/** The same figures as CSV: a row per day, then a row `total`; every cell is ours (dates, numbers, the currency's code). */
export function moneyCsv(stats: MoneyStats): string {
  const line = (date: string, figures: MoneyTotals) =>
    csvRow(MONEY_CSV_COLUMNS.map((column) => (column === 'date' ? date : column === 'currency' ? stats.currency : figures[column])));
  return [csvRow(MONEY_CSV_COLUMNS), ...stats.days.map((day) => line(day.date, day)), line('total', stats.totals)].join('');
}
