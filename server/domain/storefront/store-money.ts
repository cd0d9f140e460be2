import { eq } from 'drizzle-orm';
import { DEFAULT_TIPS, pricesIncludeTaxByDefault, TIP_SCALE } from '../../../contracts/shared/money-defaults';
import { DEFAULT_PAYMENT_CHOICE, offeredPaymentMethods } from '../../../contracts/shared/payment-methods';
import type { StoreMoney } from '../../../contracts/storefront';
import type { Db } from '../../db/database';
import { restaurantPaymentSettings, restaurantTaxSettings, restaurantTipSettings } from '../../db/schema-ordering';
import { sideBySide } from '../../db/side-by-side';

/**
 * What the store page and its checkout show of a restaurant's money settings (issue 43): whether
 * the prices include tax, and the tips offered; and how a customer may pay (issue 44). The
 * ordering area owns these settings and may not be imported here, so its tables are read
 * directly, with the defaults both areas share (contracts/shared/money-defaults.ts,
 * payment-methods.ts) for a restaurant that never saved them. Saving any of
 * them raises the restaurant's version (migrations 0016, 0018), so the store's tag and page cache follow.
 */

/** `cardAvailable`: whether the platform has Stripe keys, without which no store offers cards. */
export async function readStoreMoney(db: Db, restaurantId: number, country: string | null, cardAvailable: boolean): Promise<StoreMoney> {
  const [taxes, tips, payments] = await sideBySide(db, [
    () =>
      db
        .select({ pricesIncludeTax: restaurantTaxSettings.pricesIncludeTax })
        .from(restaurantTaxSettings)
        .where(eq(restaurantTaxSettings.restaurantId, restaurantId)),
    () => db.select().from(restaurantTipSettings).where(eq(restaurantTipSettings.restaurantId, restaurantId)),
    () =>
      db
        .select({ card_online: restaurantPaymentSettings.cardOnline, in_person: restaurantPaymentSettings.inPerson })
        .from(restaurantPaymentSettings)
        .where(eq(restaurantPaymentSettings.restaurantId, restaurantId)),
  ] as const);
  const tip = tips[0];
  return {
    prices_include_tax: taxes[0]?.pricesIncludeTax ?? pricesIncludeTaxByDefault(country),
    tips: tip ? { enabled: tip.enabled, choices: tip.choices.map((tenths) => tenths / TIP_SCALE), allow_custom: tip.allowCustom } : DEFAULT_TIPS,
    payment_methods: offeredPaymentMethods(payments[0] ?? DEFAULT_PAYMENT_CHOICE, cardAvailable),
  };
}
