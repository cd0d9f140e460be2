import type { Currency } from './restaurants';

/**
 * Money as owners read it (issue 10): every amount shows the restaurant's currency, written as
 * in its own country (en-CA writes CAD as `$`, not `CA$`), since the owner and their customers
 * are there.
 */
const LOCALE: Record<Currency, string> = { USD: 'en-US', CAD: 'en-CA', GBP: 'en-GB' };

const formatters = new Map<Currency, Intl.NumberFormat>();
function formatter(currency: Currency): Intl.NumberFormat {
  let made = formatters.get(currency);
  if (!made) {
    made = new Intl.NumberFormat(LOCALE[currency], { style: 'currency', currency });
    formatters.set(currency, made);
  }
  return made;
}

/** 9 in USD → '$9.00'. */
export const formatMoney = (amount: number, currency: Currency): string => formatter(currency).format(amount);

/** USD → '$', GBP → '£'. */
export const currencySymbol = (currency: Currency): string =>
  formatter(currency)
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;
