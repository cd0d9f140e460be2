import { boolean, object, refine, type Infer } from 'superstruct';
import type { PaymentChoice } from '../shared/payment-methods';
import { fieldFailure } from '../shared/validation';

/**
 * The Payments section of a restaurant's settings (issue 44; PRODUCT.md, "Money": one section of
 * `/api/v2/restaurants/{id}/settings/{section}/`): whether its store takes cards online (through
 * Stripe, only on a platform with Stripe keys) and payment in person, at pickup or on delivery.
 * Which of them a store then offers: offeredPaymentMethods (contracts/shared/payment-methods.ts).
 */

export const NO_WAY_TO_PAY = 'Offer at least one way to pay.';
export const CARD_NOT_SET_UP = 'Card payments are not set up on this platform.';

/** PUT /api/v2/restaurants/{id}/settings/payments/: both ways, at least one of them on. */
export const PaymentSettings = refine(object({ card_online: boolean(), in_person: boolean() }), 'payment_settings', (settings, context) =>
  settings.card_online || settings.in_person ? true : fieldFailure(context, ['in_person'], NO_WAY_TO_PAY),
);
export type PaymentSettings = Infer<typeof PaymentSettings>;

/** GET (and PUT's answer): the settings, and whether the platform has Stripe keys (read-only). */
export const PaymentSettingsAnswer = object({ card_online: boolean(), in_person: boolean(), card_available: boolean() });
export type PaymentSettingsAnswer = Infer<typeof PaymentSettingsAnswer>;

/**
 * What only the platform can refuse of settings the contract took: cards online where it has
 * no Stripe keys (each sentence by the body's field). The server and the Store screen both ask.
 */
export const platformRefusals = (settings: PaymentChoice, cardAvailable: boolean): Record<string, string> =>
  settings.card_online && !cardAvailable ? { card_online: CARD_NOT_SET_UP } : {};
