import type { Fulfilment } from './order-lifecycle';
import { formatMoney } from '../shared/money-format';
import { fromCents, toCents } from '../shared/cents';
import type { Currency } from '../shared/restaurants';

/**
 * The delivery terms an order is held to, in integer cents (issue 42): the fee, free from the
 * free-over amount on, and the minimum below which a delivery is refused. The server charges and
 * refuses with them; the checkout shows the same figures and the same sentence.
 */

/** The terms as the store and its zip check state them: money with two decimals, null for none. */
export type DeliveryTermsData = { fee: number; min_order: number | null; free_over: number | null };
/** The same in cents. */
export type Terms = { fee: number; min_order: number | null; free_over: number | null };

export const termsOf = (terms: DeliveryTermsData): Terms => ({
  fee: toCents(terms.fee),
  min_order: terms.min_order === null ? null : toCents(terms.min_order),
  free_over: terms.free_over === null ? null : toCents(terms.free_over),
});

/** The delivery fee for this subtotal: none for pickup (or no choice yet), none from the free-over amount on. */
export function feeCents(fulfilment: Fulfilment | null, subtotal: number, terms: Terms): number {
  if (fulfilment !== 'delivery') return 0;
  return terms.free_over !== null && subtotal >= terms.free_over ? 0 : terms.fee;
}

/** Only a delivery has a minimum; exactly the minimum is enough. */
export const belowMinimum = (fulfilment: Fulfilment | null, subtotal: number, terms: Terms): boolean =>
  fulfilment === 'delivery' && terms.min_order !== null && subtotal < terms.min_order;

/** What the order comes to: subtotal, fee and total in cents, and the sentence that stops it below the minimum (else null). */
export type OrderFigures = { subtotal: number; fee: number; total: number; minimum: string | null };

export function orderFigures(fulfilment: Fulfilment | null, subtotal: number, terms: Terms, currency: Currency): OrderFigures {
  const fee = feeCents(fulfilment, subtotal, terms);
  const money = (cents: number) => formatMoney(fromCents(cents), currency);
  const minimum = belowMinimum(fulfilment, subtotal, terms)
    ? `Delivery needs a minimum order of ${money(terms.min_order!)}: add ${money(terms.min_order! - subtotal)} more to place it.`
    : null;
  return { subtotal, fee, total: subtotal + fee, minimum };
}
