import type { AnalyticsStats, GeneralStats, MenuStats } from '#contracts/insights';
import type { OrderStats, OrderStatsDays } from '#contracts/shared/order-figures';
import type { Currency } from '#contracts/shared/restaurants';

/** Figures the insight machines' and views' tests answer with (distinct numbers, so a mix-up shows). */
export const menuStatsOf = (restaurants: number): MenuStats => ({
  counts: { countries: 2, cities: 3, restaurants, categories: 4, menuItems: 1234, optionGroups: 5, options: 6 },
  restaurantsByCity: [{ name: 'Springfield', value: restaurants }],
  optionGroupBreakdown: [
    { name: 'Primary options', value: 2 },
    { name: 'Toppings', value: 1 },
    { name: 'Dressings', value: 3 },
  ],
  itemsPerCategory: [{ name: 'Sandwiches', value: 7 }],
});

export const generalStatsOf = (restaurants: number): GeneralStats => ({ restaurants, cities: 3, menuItems: 1234, categories: 4 });

export const analyticsStatsOf = (restaurants: number, currency: Currency = 'USD'): AnalyticsStats => ({
  currency,
  countries: 2,
  cities: 3,
  restaurants,
  menuItems: 1234,
  categories: 4,
  optionGroups: 5,
  options: 6,
  itemsPerCategory: [
    { name: 'Sandwiches and wraps', value: 7 },
    { name: 'Salads', value: 2 },
  ],
});

/**
 * A restaurant's order figures over `days` days ending 2026-11-27: orders on the last two days
 * only, or none at all (`has_orders` false: the screens keep their sample).
 */
export const orderStatsOf = (days: OrderStatsDays, hasOrders = true): OrderStats => {
  const series = Array.from({ length: days }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 27 - (days - 1 - index))).toISOString().slice(0, 10);
    const fromEnd = days - 1 - index;
    return hasOrders && fromEnd < 2 ? { date, orders: fromEnd === 0 ? 3 : 1, revenue: fromEnd === 0 ? 30.1 : 9.99 } : { date, orders: 0, revenue: 0 };
  });
  return {
    currency: 'CAD',
    time_zone: 'America/Toronto',
    country: 'Canada',
    days,
    series,
    totals: hasOrders ? { orders: 4, revenue: 40.09 } : { orders: 0, revenue: 0 },
    average_order_value: hasOrders ? 10.02 : 0,
    has_orders: hasOrders,
  };
};
