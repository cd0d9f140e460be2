import { TaxSettings, type TaxSettingsAnswer } from '../../../contracts/ordering/order-settings';
import { checkWith } from '../../../contracts/shared/validation';
import { loadCategoryNames, loadTaxSettings, saveTaxSettings, type CategoryName } from '../../services/ordering/money-settings';
import { createSettingsSection, type Checked } from './settings-section';
import { numberOf } from './typed-number';

/**
 * The Store screen's Taxes section (issue 43): whether prices hold the tax, the default rate, the
 * delivery fee's tax, and a rate of its own for any of the restaurant's categories (empty: the
 * default). `needs_setup` stays in the data for the section's notice until a save clears it.
 */
export type TaxData = { settings: TaxSettingsAnswer; categories: CategoryName[] };

export type TaxForm = {
  prices_include_tax: boolean;
  default_rate: string;
  delivery_fee_taxable: boolean;
  /** By category id; empty means the default rate. */
  category_rates: Record<string, string>;
};

/** A category's rate field as the form's errors name it. */
export const categoryField = (categoryId: number) => `category.${categoryId}`;

export const DEFAULT_RATE_MISSING = 'Please enter a rate: 0 if you charge no sales tax.';

const formOf = ({ settings, categories }: TaxData): TaxForm => {
  const rates = new Map(settings.category_rates.map((rate) => [rate.category_id, String(rate.rate)]));
  return {
    prices_include_tax: settings.prices_include_tax,
    default_rate: String(settings.default_rate),
    delivery_fee_taxable: settings.delivery_fee_taxable,
    category_rates: Object.fromEntries(categories.map((category) => [String(category.id), rates.get(category.id) ?? ''])),
  };
};

/** The body's rates in the categories' order: only the categories given one. */
const ratedCategories = (form: TaxForm, data: TaxData) => data.categories.filter((category) => (form.category_rates[String(category.id)] ?? '').trim() !== '');

const bodyOf = (form: TaxForm, data: TaxData): TaxSettings => ({
  prices_include_tax: form.prices_include_tax,
  default_rate: numberOf(form.default_rate, Number.NaN),
  delivery_fee_taxable: form.delivery_fee_taxable,
  category_rates: ratedCategories(form, data).map((category) => ({
    category_id: category.id,
    rate: numberOf(form.category_rates[String(category.id)] ?? '', Number.NaN),
  })),
});

/** `category_rates.2.rate` (the body's third rate) is the field of that category. */
function fieldsOf(fields: Record<string, string>, form: TaxForm, data: TaxData): Record<string, string> {
  const rated = ratedCategories(form, data);
  return Object.fromEntries(
    Object.entries(fields).map(([key, sentence]) => {
      const index = /^category_rates\.(\d+)\./.exec(key)?.[1];
      const category = index === undefined ? undefined : rated[Number(index)];
      return [category === undefined ? key : categoryField(category.id), sentence];
    }),
  );
}

function check(form: TaxForm, data: TaxData): Checked<TaxSettings> {
  const checked = checkWith(TaxSettings, bodyOf(form, data));
  if (checked.ok) return { ok: true, body: checked.value };
  const fields = fieldsOf(checked.fields, form, data);
  if (form.default_rate.trim() === '') fields.default_rate = DEFAULT_RATE_MISSING;
  return { ok: false, fields };
}

export const taxSettingsMachine = createSettingsSection<TaxData, TaxForm, TaxSettings>('taxSettings', {
  load: async (input) => {
    const [settings, categories] = await Promise.all([loadTaxSettings(input), loadCategoryNames(input)]);
    return { settings, categories };
  },
  save: async ({ restaurantId, body }) => ({ settings: await saveTaxSettings({ restaurantId, settings: body }), categories: [] }),
  formOf,
  check,
  fieldsOf,
  merge: (saved, before) => ({ settings: saved.settings, categories: before.categories }),
});

export type TaxSettingsMachine = typeof taxSettingsMachine;
