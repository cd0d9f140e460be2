import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped as Stripe's: its object's prefix and random letters and digits (`pi_3Q…`, `cs_test_a1…`). */
export function stripeId(prefix: string, length = 24): string {
  return prefix + [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Stripe's timestamps: whole seconds since the epoch. */
export const unixNow = () => Math.floor(Date.now() / 1000);
