import { array, boolean, number, object, refine, type Infer } from 'superstruct';
import { documented } from '../shared/documented';
import { Id } from '../shared/lists';
import { fieldFailure } from '../shared/validation';
import { DEFAULT_TIPS, TIP_SCALE } from '../shared/money-defaults';

/**
 * A restaurant's taxes and tips (issue 43; PRODUCT.md, "Money": one section each of
 * `/api/v2/restaurants/{id}/settings/{section}/`). Percentages cross the wire as numbers (8.25)
 * and are kept exactly as whole thousandths (taxes) or tenths (tips) of a percent.
 */

/** `value` × `scale` when that is a whole number (within a float's hair), else null. */
const scaledWhole = (value: number, scale: number): number | null => {
  const scaled = Math.round(value * scale);
  return Number.isFinite(value) && Math.abs(value * scale - scaled) < 1e-6 ? scaled : null;
};

/** A percentage from 0 to `max` with at most `decimals` decimals, checked with `sentence`. */
const percent = (max: number, decimals: number, sentence: string) =>
  documented(
    refine(number(), 'percent', (value) => (value >= 0 && value <= max && scaledWhole(value, 10 ** decimals) !== null) || sentence),
    { minimum: 0, maximum: max, description: `A percentage with at most ${decimals} decimal${decimals === 1 ? '' : 's'}.` },
  );

// ---------------------------------------------------------------------------------------------
// Taxes

export const TAX_RATE_MAX = 30;
/** Thousandths of a percent: what the database keeps (8.25 % is 8250). */
export const TAX_RATE_SCALE = 1000;
/** A restaurant has far fewer categories; the bound keeps one request small. */
export const CATEGORY_RATES_MAX = 200;

const TaxRate = percent(TAX_RATE_MAX, 3, `A tax rate is a percentage from 0 to ${TAX_RATE_MAX} with at most 3 decimals, e.g. 8.25.`);

export const CategoryTaxRate = object({ category_id: Id, rate: TaxRate });
export type CategoryTaxRate = Infer<typeof CategoryTaxRate>;

/** At most CATEGORY_RATES_MAX rates, one per category: a second names the category twice. */
const CategoryRates = documented(
  refine(array(CategoryTaxRate), 'category_rates', function* (rates, context) {
    if (rates.length > CATEGORY_RATES_MAX) {
      yield `At most ${CATEGORY_RATES_MAX} categories can have a rate of their own.`;
      return;
    }
    const seen = new Set<number>();
    for (const [index, { category_id }] of rates.entries()) {
      if (seen.has(category_id)) yield fieldFailure(context, [index, 'category_id'], 'This category already has a rate above.');
      seen.add(category_id);
    }
  }),
  { maxItems: CATEGORY_RATES_MAX },
);

/**
 * PUT /api/v2/restaurants/{id}/settings/taxes/: the whole settings, replaced in one transaction.
 * `default_rate` applies to every category not in `category_rates`; `prices_include_tax` says
 * menu prices already hold the tax (split out, never added); the delivery fee is taxed at the
 * default rate only when `delivery_fee_taxable`. Only the restaurant's own categories.
 */
export const TaxSettings = object({
  prices_include_tax: boolean(),
  default_rate: TaxRate,
  delivery_fee_taxable: boolean(),
  category_rates: CategoryRates,
});
export type TaxSettings = Infer<typeof TaxSettings>;

/**
 * GET (and PUT's answer): the settings, and `needs_setup`, true while the owner has never saved
 * them and the defaults are a guess rather than the location's known rate (the US, where rates
 * differ by city, or a Canadian province not recognised): the Store screen's notice.
 */
export const TaxSettingsAnswer = object({
  prices_include_tax: boolean(),
  default_rate: number(),
  delivery_fee_taxable: boolean(),
  category_rates: array(object({ category_id: number(), rate: number() })),
  needs_setup: boolean(),
});
export type TaxSettingsAnswer = Infer<typeof TaxSettingsAnswer>;

/** A rate as the database keeps it (whole thousandths of a percent) and back. */
export const toRateThousandths = (rate: number): number => Math.round(rate * TAX_RATE_SCALE);
export const fromRateThousandths = (thousandths: number): number => thousandths / TAX_RATE_SCALE;

// ---------------------------------------------------------------------------------------------
// Tips

export const TIP_CHOICES_MAX = 4;
export const TIP_PERCENT_MAX = 50;
export { TIP_SCALE } from '../shared/money-defaults';

const TipChoice = percent(TIP_PERCENT_MAX, 1, `A tip is a percentage from 0 to ${TIP_PERCENT_MAX} with at most one decimal, e.g. 12.5.`);

const TipChoices = documented(
  refine(array(TipChoice), 'choices', (choices) => {
    if (choices.length > TIP_CHOICES_MAX) return `Offer at most ${TIP_CHOICES_MAX} tip choices.`;
    return new Set(choices).size === choices.length || 'Each tip choice must be different.';
  }),
  { maxItems: TIP_CHOICES_MAX, uniqueItems: true },
);

/**
 * GET and PUT /api/v2/restaurants/{id}/settings/tips/: whether checkout offers a tip, the
 * percentages it offers (besides No tip) and whether the customer may type an amount.
 */
export const TipSettings = object({ enabled: boolean(), choices: TipChoices, allow_custom: boolean() });
export type TipSettings = Infer<typeof TipSettings>;

export const DEFAULT_TIP_SETTINGS: TipSettings = DEFAULT_TIPS;

export const toTipTenths = (percentage: number): number => Math.round(percentage * TIP_SCALE);
export const fromTipTenths = (tenths: number): number => tenths / TIP_SCALE;
