import { sql } from 'drizzle-orm';
import { fromCents } from '../../../contracts/shared/cents';
import { ORDER_STATS_DAYS_DEFAULT, type OrderStats, type OrderStatsDays } from '../../../contracts/shared/order-figures';
import type { Db } from '../../db/database';
import { selectRows } from '../shared/raw-rows';
import { restaurantLocale } from '../shared/restaurants';
import { COUNTED_LIST } from './counted-orders';

type DayRow = { date: string; orders: number; cents: string | number; has_orders: boolean };

/**
 * GET /stats/orders/: orders and revenue per day for the last `days` days of the restaurant's own
 * calendar (today included), oldest first. One statement: the days come from generate_series, so
 * a day without orders is a row of zeros, and the orders are grouped by their date in the zone,
 * read from the (restaurant_id, placed_at) index between the first day's midnight and the next
 * midnight after today. Days are when an order was placed; revenue is what customers pay (total,
 * the fee included); cancelled orders count nowhere. `has_orders` looks at every order ever
 * taken, cancelled or not: a restaurant that has taken one sees its real (maybe empty) figures.
 */
export async function orderStats(db: Db, restaurantId: number, now: Date, days: OrderStatsDays = ORDER_STATS_DAYS_DEFAULT): Promise<OrderStats> {
  const { timeZone, currency, country } = await restaurantLocale(db, restaurantId);
  const rows = await selectRows<DayRow>(
    db,
    sql`with calendar as (
          select (${now.toISOString()}::timestamptz at time zone ${timeZone})::date - ${days - 1}::int as first_day,
                 (${now.toISOString()}::timestamptz at time zone ${timeZone})::date as today
        ), counted as (
          select (o.placed_at at time zone ${timeZone})::date as day, count(*)::int as orders, sum(o.total_cents)::bigint as cents
          from orders o, calendar
          where o.restaurant_id = ${restaurantId} and o.status in ${COUNTED_LIST}
            and o.placed_at >= (calendar.first_day::timestamp at time zone ${timeZone})
            and o.placed_at < ((calendar.today + 1)::timestamp at time zone ${timeZone})
          group by 1
        )
        select to_char(series.day, 'YYYY-MM-DD') as date, coalesce(counted.orders, 0) as orders, coalesce(counted.cents, 0) as cents,
               exists (select 1 from orders where restaurant_id = ${restaurantId}) as has_orders
        from calendar cross join lateral generate_series(calendar.first_day, calendar.today, interval '1 day') as series(day)
        left join counted on counted.day = series.day::date
        order by series.day`,
  );
  const series = rows.map((row) => ({ date: row.date, orders: Number(row.orders), cents: Number(row.cents) }));
  const orders = series.reduce((sum, day) => sum + day.orders, 0);
  const cents = series.reduce((sum, day) => sum + day.cents, 0);
  return {
    currency,
    time_zone: timeZone,
    country,
    days,
    series: series.map((day) => ({ date: day.date, orders: day.orders, revenue: fromCents(day.cents) })),
    totals: { orders, revenue: fromCents(cents) },
    // Rounded to the cent: the average is money too.
    average_order_value: orders === 0 ? 0 : fromCents(Math.round(cents / orders)),
    has_orders: rows[0]?.has_orders === true,
  };
}
