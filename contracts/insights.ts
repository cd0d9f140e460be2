import { array, enums, number, object, optional, string, type Infer } from 'superstruct';
import { IdText, listQuery } from './shared/lists';
import { CURRENCIES } from './shared/restaurants';

/**
 * Statistics behind the insight screens (second document: "Menu dashboard", "Analytics", the
 * Drivers and Customers paragraphs; sections 3, 7, 8, 9). PRODUCT.md: each screen's figures come
 * from one server call counted in SQL, never from the client paging through lists. An owner's
 * figures are their active restaurant's; an administrator's the platform's, or one restaurant's
 * with `restaurant_id`.
 */

/** Section 9: the top lists (restaurants per city, items per category) hold 12 entries. */
export const STATS_TOP = 12;

/** `?restaurant_id=` on every statistics call (owners: only their own, else 404). */
export const StatsQuery = object({ restaurant_id: optional(IdText) });
export type StatsQuery = Infer<typeof StatsQuery>;

export const NamedValue = object({ name: string(), value: number() });
export type NamedValue = Infer<typeof NamedValue>;

/** GET /api/v2/stats/menu/: the menu dashboard's one call (section 3, "Menu stats response"). */
export const MenuStats = object({
  counts: object({
    countries: number(),
    cities: number(),
    restaurants: number(),
    categories: number(),
    menuItems: number(),
    optionGroups: number(),
    options: number(),
  }),
  /** Restaurants per city, most first, at most STATS_TOP. */
  restaurantsByCity: array(NamedValue),
  /** Global option sets by kind: primary options, toppings, dressings. */
  optionGroupBreakdown: array(NamedValue),
  /** Menu items per category, most first, at most STATS_TOP. */
  itemsPerCategory: array(NamedValue),
});
export type MenuStats = Infer<typeof MenuStats>;

/** GET /api/v2/stats/general/: Drivers' and Customers' cards (section 3, "General stats response"). */
export const GeneralStats = object({ restaurants: number(), cities: number(), menuItems: number(), categories: number() });
export type GeneralStats = Infer<typeof GeneralStats>;

/** GET /api/v2/stats/analytics/: the Analytics screen's figures (section 3, "Analytics stats"). */
export const AnalyticsStats = object({
  /** What the revenue is shown in: the restaurant's currency, USD for the whole platform. */
  currency: enums(CURRENCIES),
  countries: number(),
  cities: number(),
  restaurants: number(),
  menuItems: number(),
  categories: number(),
  optionGroups: number(),
  options: number(),
  /** Items per category for "Items by Category" (the screen shows the top 8). */
  itemsPerCategory: array(NamedValue),
});
export type AnalyticsStats = Infer<typeof AnalyticsStats>;

/** Section 3's other paged lists: countries and cities restaurants are in. */
export const Country = object({ id: number(), name: string() });
export type Country = Infer<typeof Country>;
export const City = object({ id: number(), name: string(), state: string(), country_id: number() });
export type City = Infer<typeof City>;

export const CountryListQuery = listQuery({}, ['id', 'name']);
export type CountryListQuery = Infer<typeof CountryListQuery>;
export const CityListQuery = listQuery({ country_id: optional(IdText) }, ['id', 'name']);
export type CityListQuery = Infer<typeof CityListQuery>;

/** Section 9: analytics ranges in days, 30 first; currency USD; top 8 categories; 8 chart colours. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_DEFAULT: AnalyticsRange = 30;
export const ANALYTICS_TOP_CATEGORIES = 8;
/** Section 9: the analytics KPI cards' trend percentages, as specified (decoration, labelled "Sample data"). */
export const ANALYTICS_TRENDS = { countries: 12, cities: 8, restaurants: 15, menuItems: 22 } as const;
