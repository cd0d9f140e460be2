import { fromCents, toCents } from '../../../contracts/shared/cents';
import type { OrderStats } from '../../../contracts/shared/order-figures';
import type { Currency } from '../../../contracts/shared/restaurants';
import { averageOrderValue, runRatePerDay, sampleSeries, type SamplePoint } from './sample-data';

/**
 * The orders and revenue a screen draws (issue 30): the restaurant's real days once it has taken
 * an order, else the labelled sample (sample-data.ts). Null figures (an administrator looking at
 * the whole platform, whose restaurants count days in several zones and money in several
 * currencies, or a call that failed) keep the sample too.
 */
export type OrderSeries = {
  points: SamplePoint[];
  /** True while the points are the sample, not the restaurant's orders: the screen labels them. */
  sample: boolean;
  currency: Currency;
  /** The restaurant's country, which decides how the days are written (none for the sample). */
  country: string | null;
  runRatePerDay: number;
  averageOrderValue: number;
};

/**
 * The last `days` days. Real figures come for the longest range (one call) and are cut here, so
 * choosing a range asks nothing; their money is summed in cents. The real run rate is the
 * range's revenue per day and the average order value its revenue per order; the sample keeps
 * the specification's formulas.
 */
export function orderSeries(orders: OrderStats | null, days: number, today: Date, sampleCurrency: Currency): OrderSeries {
  if (!orders?.has_orders) {
    const points = sampleSeries(days, today);
    return {
      points,
      sample: true,
      currency: sampleCurrency,
      country: null,
      runRatePerDay: runRatePerDay(points),
      averageOrderValue: averageOrderValue(points),
    };
  }
  const points = orders.series.slice(-days);
  const revenue = points.reduce((sum, point) => sum + toCents(point.revenue), 0);
  const count = points.reduce((sum, point) => sum + point.orders, 0);
  return {
    points,
    sample: false,
    currency: orders.currency,
    country: orders.country ?? null,
    runRatePerDay: points.length === 0 ? 0 : fromCents(Math.round(revenue / points.length)),
    averageOrderValue: count === 0 ? 0 : fromCents(Math.round(revenue / count)),
  };
}

/** The order figures, or none when they cannot be had: the screen then keeps its sample (see above). */
export const ordersOrNone = (call: Promise<OrderStats>): Promise<OrderStats | null> => call.catch(() => null);
