import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema-ordering';
import { likePattern } from '../shared/listing';

/** What a phone search may look like: the characters a phone number is written with. */
const PHONE_TEXT = /^[0-9+()\-.\s]+$/;
/** Fewer digits than this match too many numbers to be a phone search. */
const PHONE_DIGITS_MIN = 3;

/**
 * `search=` of the orders list (issue 40, the order history): the order's number ("12" or "#12"),
 * a piece of the customer's name, or a piece of their phone compared digit for digit, so
 * "555 0100" finds "+1 (555) 010-0". Always inside the caller's restaurant (the list's tenancy
 * filter comes first), so it reads one restaurant's orders, never the whole table.
 */
export function orderSearch(search: string | undefined): SQL | undefined {
  const text = search?.trim() ?? '';
  if (text === '') return undefined;
  const number = /^#?(\d{1,9})$/.exec(text)?.[1];
  const digits = text.replace(/\D/g, '');
  return or(
    ilike(orders.customerName, likePattern(text)),
    number === undefined ? undefined : eq(orders.number, Number(number)),
    PHONE_TEXT.test(text) && digits.length >= PHONE_DIGITS_MIN
      ? sql`regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
  );
}
