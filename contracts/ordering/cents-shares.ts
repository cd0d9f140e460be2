/**
 * Exact shares of whole cents (issue 43): a percentage of an amount, the tax already inside an
 * amount, and an amount spread over several in proportion. Rates are whole thousandths of a
 * percent, so nothing is ever a float. Products are taken in BigInt: the order contract lets 50
 * lines of 50 dishes at the menu's highest price through to pricing (the server refuses the total
 * afterwards), and such a line times a rate, or a discount times a line, is past 2^53.
 */

/** 100 % in thousandths of a percent. */
const WHOLE = 100_000;

/** `value` when it is a whole number from 0 on; anything else is a caller's bug, never a figure to round. */
export function wholeFromZero(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number from 0 on, not ${value}.`);
  return value;
}

/** A percent with up to three decimals as thousandths of a percent: 8.25 → 8250. */
export const milliPercent = (percent: number): number => wholeFromZero(Math.round(percent * 1000), 'A rate in thousandths of a percent');

/** amount × part ÷ whole, rounded half up (a half cent goes up), for amounts and parts from 0 on. */
function halfUp(amount: number, part: number, whole: number): number {
  return Number((2n * BigInt(amount) * BigInt(part) + BigInt(whole)) / (2n * BigInt(whole)));
}

/** `rate` (thousandths of a percent) of `cents`, half up: a tax added to a price, a percent coupon, a percent tip. */
export const percentOf = (cents: number, rate: number): number => halfUp(cents, rate, WHOLE);

/** The tax inside `cents` that already includes it at `rate`: cents × rate ÷ (100 % + rate), half up. */
export const taxInside = (cents: number, rate: number): number => halfUp(cents, rate, WHOLE + rate);

/**
 * `total` spread over `weights` in proportion, by largest remainder: each takes its exact share
 * cut to the cent, then the cents left go one each to the largest remainders (the earlier on a
 * tie), so the shares sum to `total` exactly. With `total` at most the weights' sum no share
 * exceeds its weight: a cent is only added to a share cut short of its exact value.
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => {
    const product = BigInt(total) * BigInt(weight);
    return { share: Number(product / BigInt(sum)), remainder: product % BigInt(sum) };
  });
  const left = total - exact.reduce((all, { share }) => all + share, 0);
  const byRemainder = exact.map((_, index) => index).sort((a, b) => Number(exact[b]!.remainder - exact[a]!.remainder) || a - b);
  for (const index of byRemainder.slice(0, left)) exact[index]!.share += 1;
  return exact.map(({ share }) => share);
}
