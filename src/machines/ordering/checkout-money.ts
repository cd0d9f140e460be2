import { is } from 'superstruct';
import { ORDER_MESSAGES, TipInput, type QuoteRefusal } from '../../../contracts/ordering';
import { milliPercent, percentOf } from '../../../contracts/ordering/cents-shares';
import type { CheckoutStore, FieldErrors } from './checkout-rules';

/**
 * The checkout's money rules (issue 43): the tips offered and what each comes to, a typed tip
 * checked with the contract, a quote's refusals keyed by field. Apart from checkout-rules.ts, which
 * the store page's first script reads, so these stay in the checkout's own chunk.
 */

/** A tip the store offers: its percent and what it comes to on the subtotal, in cents (the engine's rounding, half up). */
export type TipOption = { percent: number; cents: number };

/** The tip choices the review offers (none when the store takes no tips). */
export const tipOptions = (store: CheckoutStore, subtotal: number): TipOption[] =>
  store.money?.tips.enabled ? store.money.tips.choices.map((percent) => ({ percent, cents: percentOf(subtotal, milliPercent(percent)) })) : [];

/** A tip amount as the customer typed it ("4.50", "$4.50"), in the store's currency; the contract's sentence when it is not one. */
export function typedTip(text: string): { tip: TipInput } | { error: string } {
  const cleaned = text.trim().replace(/^[$£]/, '').replace(',', '.');
  const tip = { amount: Number(cleaned) };
  return cleaned !== '' && is(tip, TipInput) ? { tip } : { error: ORDER_MESSAGES.money };
}

/** A quote's refusals keyed by field, as a placement's `fields` are: the first sentence for each field. */
export function refusalFields(refusals: readonly QuoteRefusal[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const { field, detail } of refusals) fields[field] ??= detail;
  return fields;
}
