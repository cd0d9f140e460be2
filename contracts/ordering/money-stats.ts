import { array, enums, nullable, number, object, optional, refine, string, type Infer } from 'superstruct';
import { IdText } from '../shared/lists';
import { CalendarDate } from '../shared/opening-hours';
import { CURRENCIES } from '../shared/restaurants';
import { fieldFailure } from '../shared/validation';

/**
 * The Money screen's figures (issue 43, item 7): `GET /api/v2/stats/money/?from=&to=`, a
 * restaurant's money per day of its own calendar, and `?format=csv` for the accountant. What each
 * figure is (and why `net` is what the orders' totals add up to) is docs/api.md, "Money per day".
 */

/** At most this many days in one answer: a year, a leap year's included. */
export const MONEY_RANGE_DAYS_MAX = 366;

export const MONEY_RANGE_MESSAGES = {
  bothOrNeither: 'Give both dates, or neither for this month.',
  order: 'The last day cannot be before the first day.',
  tooLong: `Choose at most ${MONEY_RANGE_DAYS_MAX} days.`,
} as const;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (dates "YYYY-MM-DD"). */
export const daysInRange = (from: string, to: string): number => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/** What is wrong with a range of two calendar dates, one sentence on the field to change. */
export function moneyRangeProblems(range: { from?: string; to?: string }): Record<string, string> {
  const { from, to } = range;
  if (from === undefined && to === undefined) return {};
  if (from === undefined) return { from: MONEY_RANGE_MESSAGES.bothOrNeither };
  if (to === undefined) return { to: MONEY_RANGE_MESSAGES.bothOrNeither };
  if (to < from) return { to: MONEY_RANGE_MESSAGES.order };
  return daysInRange(from, to) > MONEY_RANGE_DAYS_MAX ? { to: MONEY_RANGE_MESSAGES.tooLong } : {};
}

/**
 * `from` and `to` are days of the restaurant's own calendar, both included; neither: this month
 * so far (its first day to today, in the restaurant's zone). `restaurant_id` is an
 * administrator's choice, as on the other statistics calls.
 */
export const MoneyStatsQuery = refine(
  object({
    from: optional(CalendarDate),
    to: optional(CalendarDate),
    restaurant_id: optional(IdText),
    format: optional(enums(['json', 'csv'])),
  }),
  'range',
  function* (query, context) {
    for (const [field, sentence] of Object.entries(moneyRangeProblems(query))) yield fieldFailure(context, [field], sentence);
  },
);
export type MoneyStatsQuery = Infer<typeof MoneyStatsQuery>;

/** The figures of a day, or of the whole range: money with two decimals in the restaurant's currency. */
const moneyFigures = {
  orders: number(),
  gross_sales: number(),
  discounts: number(),
  tax: number(),
  tips: number(),
  delivery_fees: number(),
  /** The orders' totals by how they were paid (issue 44): card + in_person is what the customers were charged. */
  card: number(),
  in_person: number(),
  /** What went back to card customers that day (by the refund's day, of the orders that count). */
  refunds: number(),
  net: number(),
};

export const MoneyTotals = object(moneyFigures);
export type MoneyTotals = Infer<typeof MoneyTotals>;

export const MoneyDay = object({ date: string(), ...moneyFigures });
export type MoneyDay = Infer<typeof MoneyDay>;

export const MoneyStats = object({
  currency: enums(CURRENCIES),
  time_zone: string(),
  /** The restaurant's country (null without a location): how the screen writes the days (issue 40). */
  country: nullable(string()),
  /** Every day of the range, oldest first, days without orders as zeros. */
  days: array(MoneyDay),
  totals: MoneyTotals,
});
export type MoneyStats = Infer<typeof MoneyStats>;

/** The CSV's columns, in order: a row per day, then a row `total`; money as in the JSON. */
export const MONEY_CSV_COLUMNS = [
  'date',
  'orders',
  'gross_sales',
  'discounts',
  'tax',
  'tips',
  'delivery_fees',
  'card',
  'in_person',
  'refunds',
  'net',
  'currency',
] as const;
