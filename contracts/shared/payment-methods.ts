import { enums } from 'superstruct';

/**
 * The ways a store takes payment (issue 44), and which of them it offers. Shared: the ordering
 * area keeps each restaurant's choice (contracts/ordering/payment-settings.ts) and the
 * storefront area shows the result on the store and its checkout, and neither may import the other.
 */

export const PAYMENT_METHODS = ['card', 'in_person'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodStruct = enums(PAYMENT_METHODS);

/** What a restaurant accepts, as its owner saved it (no row: in person only). */
export type PaymentChoice = { card_online: boolean; in_person: boolean };

export const DEFAULT_PAYMENT_CHOICE: PaymentChoice = { card_online: false, in_person: true };

/**
 * The methods a store offers, card first: card only when the owner accepts it and the platform
 * has Stripe keys (`cardAvailable`). A store that accepts only cards on a platform that has lost
 * its keys takes payment in person rather than offering no way to pay at all.
 */
export function offeredPaymentMethods(choice: PaymentChoice, cardAvailable: boolean): PaymentMethod[] {
  const card = choice.card_online && cardAvailable;
  return card ? (choice.in_person ? ['card', 'in_person'] : ['card']) : ['in_person'];
}
