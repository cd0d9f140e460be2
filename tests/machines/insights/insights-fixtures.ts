import type { AnalyticsStats, GeneralStats, MenuStats } from '#contracts/insights';
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
