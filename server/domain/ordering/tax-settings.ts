import { and, asc, eq, inArray } from 'drizzle-orm';
import { fromRateThousandths, toRateThousandths, type TaxSettings, type TaxSettingsAnswer } from '../../../contracts/ordering/order-settings';
import type { Db } from '../../db/database';
import { categories } from '../../db/schema-menu';
import { cities, countries, restaurantLocations } from '../../db/schema-onboarding';
import { restaurantTaxCategoryRates, restaurantTaxSettings } from '../../db/schema-ordering';
import { HttpError } from '../../http-error';
import type { Scope } from '../shared/scope';
import { checkedRestaurantFilter } from '../shared/tenancy';
import { taxDefaults } from './tax-defaults';

/**
 * The Taxes section of a restaurant's settings (issue 43): its owner's, or an administrator's
 * acting in it (server/domain/shared/tenancy.ts); any other restaurant answers 404. Never saved,
 * it answers the defaults of the restaurant's location (tax-defaults.ts).
 */

/** The country and state the location step saved, or null before it was. */
async function placeOf(db: Db, restaurantId: number): Promise<{ country: string; state: string } | null> {
  const [row] = await db
    .select({ country: countries.name, state: cities.state })
    .from(restaurantLocations)
    .innerJoin(cities, eq(cities.id, restaurantLocations.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(restaurantLocations.restaurantId, restaurantId));
  return row ?? null;
}

export async function readTaxSettings(db: Db, scope: Scope, restaurantId: number): Promise<TaxSettingsAnswer> {
  await checkedRestaurantFilter(db, scope, restaurantId);
  return taxTermsOf(db, restaurantId);
}

/** The restaurant's taxes as saved, else its location's defaults, with no caller's scope: what an order is priced with. */
export async function taxTermsOf(db: Db, restaurantId: number): Promise<TaxSettingsAnswer> {
  const [row] = await db.select().from(restaurantTaxSettings).where(eq(restaurantTaxSettings.restaurantId, restaurantId));
  if (!row) {
    const defaults = taxDefaults(await placeOf(db, restaurantId));
    return {
      prices_include_tax: defaults.pricesIncludeTax,
      default_rate: fromRateThousandths(defaults.defaultRate),
      delivery_fee_taxable: false,
      category_rates: [],
      needs_setup: defaults.needsSetup,
    };
  }
  const rates = await db
    .select({ categoryId: restaurantTaxCategoryRates.categoryId, rate: restaurantTaxCategoryRates.rate })
    .from(restaurantTaxCategoryRates)
    .where(eq(restaurantTaxCategoryRates.restaurantId, restaurantId))
    .orderBy(asc(restaurantTaxCategoryRates.categoryId));
  return {
    prices_include_tax: row.pricesIncludeTax,
    default_rate: fromRateThousandths(row.defaultRate),
    delivery_fee_taxable: row.deliveryFeeTaxable,
    category_rates: rates.map((rate) => ({ category_id: rate.categoryId, rate: fromRateThousandths(rate.rate) })),
    needs_setup: false,
  };
}

/**
 * Refuses a category of another restaurant (or none) on its own field. The restaurant's own are
 * read FOR KEY SHARE: a category deleted meanwhile waits for this save, then takes its rate along.
 */
async function checkOwnCategories(tx: Db, restaurantId: number, rates: TaxSettings['category_rates']): Promise<void> {
  if (rates.length === 0) return;
  const own = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.restaurantId, restaurantId),
        inArray(
          categories.id,
          rates.map((rate) => rate.category_id),
        ),
      ),
    )
    .for('key share');
  const ids = new Set(own.map((row) => row.id));
  const fields = Object.fromEntries(
    rates.flatMap((rate, index) =>
      ids.has(rate.category_id) ? [] : [[`category_rates.${index}.category_id`, `Category ${rate.category_id} is not one of this restaurant's categories.`]],
    ),
  );
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'invalid', 'Some fields are not valid.', { fields });
}

/**
 * Replaces the whole settings in one transaction. The settings row is written first: its row
 * lock queues two saves of one restaurant, so the second replaces the first's category rates
 * rather than colliding with them.
 */
export function saveTaxSettings(db: Db, scope: Scope, restaurantId: number, settings: TaxSettings, now: Date): Promise<TaxSettingsAnswer> {
  return db.transaction(async (tx) => {
    await checkedRestaurantFilter(tx, scope, restaurantId);
    const values = {
      pricesIncludeTax: settings.prices_include_tax,
      defaultRate: toRateThousandths(settings.default_rate),
      deliveryFeeTaxable: settings.delivery_fee_taxable,
      updatedAt: now,
    };
    await tx
      .insert(restaurantTaxSettings)
      .values({ restaurantId, ...values })
      .onConflictDoUpdate({ target: restaurantTaxSettings.restaurantId, set: values });
    await checkOwnCategories(tx, restaurantId, settings.category_rates);
    await tx.delete(restaurantTaxCategoryRates).where(eq(restaurantTaxCategoryRates.restaurantId, restaurantId));
    if (settings.category_rates.length > 0) {
      await tx
        .insert(restaurantTaxCategoryRates)
        .values(settings.category_rates.map((rate) => ({ restaurantId, categoryId: rate.category_id, rate: toRateThousandths(rate.rate) })));
    }
    return readTaxSettings(tx, scope, restaurantId);
  });
}
