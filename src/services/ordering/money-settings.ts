import { number, string, type } from 'superstruct';
import { TaxSettingsAnswer, TipSettings, type TaxSettings } from '../../../contracts/ordering/order-settings';
import { PaymentSettingsAnswer, type PaymentSettings } from '../../../contracts/ordering/payment-settings';
import { KitchenSettings } from '../../../contracts/ordering/kitchen-settings';
import { LIST_PAGE_SIZE_MAX } from '../../../contracts/shared/lists';
import { paths } from '../../../contracts/shared/paths';
import { api } from '../shared/api';

/** The Store screen's Taxes and Tips sections (issue 43) and Payments (issue 44): one settings section each of the restaurant. */

export function loadTaxSettings({ restaurantId }: { restaurantId: number }): Promise<TaxSettingsAnswer> {
  return api.get(paths.restaurantSettings(restaurantId, 'taxes'), { struct: TaxSettingsAnswer });
}

export function saveTaxSettings({ restaurantId, settings }: { restaurantId: number; settings: TaxSettings }): Promise<TaxSettingsAnswer> {
  return api.put(paths.restaurantSettings(restaurantId, 'taxes'), settings, { struct: TaxSettingsAnswer });
}

export function loadTipSettings({ restaurantId }: { restaurantId: number }): Promise<TipSettings> {
  return api.get(paths.restaurantSettings(restaurantId, 'tips'), { struct: TipSettings });
}

export function saveTipSettings({ restaurantId, settings }: { restaurantId: number; settings: TipSettings }): Promise<TipSettings> {
  return api.put(paths.restaurantSettings(restaurantId, 'tips'), settings, { struct: TipSettings });
}

export function loadPaymentSettings({ restaurantId }: { restaurantId: number }): Promise<PaymentSettingsAnswer> {
  return api.get(paths.restaurantSettings(restaurantId, 'payments'), { struct: PaymentSettingsAnswer });
}

export function savePaymentSettings({ restaurantId, settings }: { restaurantId: number; settings: PaymentSettings }): Promise<PaymentSettingsAnswer> {
  return api.put(paths.restaurantSettings(restaurantId, 'payments'), settings, { struct: PaymentSettingsAnswer });
}

/**
 * The restaurant's categories by name, for a rate each. Only the id and name are read (`type`
 * lets the rest of a category through unchecked): the menu's contract belongs to another area.
 */
const CategoryName = type({ id: number(), name: string() });
export type CategoryName = { id: number; name: string };

export async function loadCategoryNames({ restaurantId }: { restaurantId: number }): Promise<CategoryName[]> {
  const page = await api.getList(paths.menu.categories, {
    struct: CategoryName,
    searchParams: { restaurant_id: restaurantId, page_size: LIST_PAGE_SIZE_MAX, ordering: 'id' },
  });
  return page.items.map(({ id, name }) => ({ id, name }));
}

/** The Kitchen section (issue 45): capacity per slot, notice, auto-accept. */
export function loadKitchenSettings({ restaurantId }: { restaurantId: number }): Promise<KitchenSettings> {
  return api.get(paths.restaurantSettings(restaurantId, 'kitchen'), { struct: KitchenSettings });
}

export function saveKitchenSettings({ restaurantId, settings }: { restaurantId: number; settings: KitchenSettings }): Promise<KitchenSettings> {
  return api.put(paths.restaurantSettings(restaurantId, 'kitchen'), settings, { struct: KitchenSettings });
}
