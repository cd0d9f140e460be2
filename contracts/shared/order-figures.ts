import { array, boolean, enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { IdText, Page, PAGING, SearchText } from './lists';
import { CURRENCIES } from './restaurants';

/**
 * Figures counted from a restaurant's orders (issue 30): the statistics behind the dashboard and
 * analytics, and its customers. Shared, not in contracts/ordering.ts: the ordering area's server
 * counts them and the insights area's screens draw them, and an area may not import another's room.
 * Money is a number with at most two decimals in the restaurant's currency (summed in cents).
 */

export const ORDER_STATS_DAYS = [7, 30, 90] as const;
export type OrderStatsDays = (typeof ORDER_STATS_DAYS)[number];
export const ORDER_STATS_DAYS_DEFAULT: OrderStatsDays = 30;

/** GET /api/v2/stats/orders/?days=7|30|90&restaurant_id= */
export const OrderStatsQuery = object({
  days: optional(enums(['7', '30', '90'])),
  restaurant_id: optional(IdText),
});
export type OrderStatsQuery = Infer<typeof OrderStatsQuery>;

export const OrderStatsPoint = object({ date: string(), orders: number(), revenue: number() });
export type OrderStatsPoint = Infer<typeof OrderStatsPoint>;

export const OrderStats = object({
  currency: enums(CURRENCIES),
  time_zone: string(),
  /** The restaurant's country (null without a location): how the screens write the days (issue 40). */
  country: optional(nullable(string())),
  days: number(),
  /** One entry per day in the restaurant's zone, oldest first, days without orders included. Cancelled orders are left out. */
  series: array(OrderStatsPoint),
  totals: object({ orders: number(), revenue: number() }),
  average_order_value: number(),
  /** False while the restaurant has never taken an order: the screens show labelled sample data. */
  has_orders: boolean(),
});
export type OrderStats = Infer<typeof OrderStats>;

/** GET /api/v2/customers/?search=&page=&page_size=&restaurant_id= (and ?format=csv) */
export const CustomersQuery = object({
  ...PAGING,
  search: optional(SearchText),
  restaurant_id: optional(IdText),
  format: optional(enums(['json', 'csv'])),
});
export type CustomersQuery = Infer<typeof CustomersQuery>;
export const OrderingCustomer = object({
  name: string(),
  email: string(),
  orders: number(),
  total_spent: number(),
  /** The restaurant's currency, which total_spent is in. */
  currency: enums(CURRENCIES),
  last_order_at: string(),
  /** The restaurant's IANA time zone: the screen reads last_order_at on its clock. */
  time_zone: string(),
  /** The restaurant's country (the location step's name; null without one): how the screen writes the time (issue 40). */
  country: optional(nullable(string())),
});
export type OrderingCustomer = Infer<typeof OrderingCustomer>;
export const CustomersPage = Page(OrderingCustomer);
export type CustomersPage = Infer<typeof CustomersPage>;

/** The CSV download's columns, in order (the same figures as a page's rows). */
export const CUSTOMER_CSV_COLUMNS = ['name', 'email', 'orders', 'total_spent', 'currency', 'last_order_at'] as const;
