/**
 * Money crosses the wire and the forms with two decimals and is counted in integer cents (issue
 * 42): this is the one conversion, rounded rather than cut, since ×100 of a float is often a hair
 * under the cent (19.99 × 100 is 1998.99…).
 */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Cents back to money with two decimals, for an answer or a form. */
export const fromCents = (cents: number): number => cents / 100;
