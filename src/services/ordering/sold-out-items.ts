import { nullable, number, optional, string, type, type Infer } from 'superstruct';
import { paths } from '../../../contracts/shared/paths';
import { api } from '../shared/api';

/** What the board's sold-out dialog reads of a menu item (the menu's row carries more; only these are checked). */
export const SoldOutItem = type({ id: number(), name: string(), sold_out_until: optional(nullable(string())) });
export type SoldOutItem = Pick<Infer<typeof SoldOutItem>, 'id' | 'name' | 'sold_out_until'>;

/** Shown at once: enough to find a dish by typing, few enough to read on a phone. */
export const SOLD_OUT_ITEMS_PAGE = 20;

/** The restaurant's dishes whose name or description holds `search`, by name (issue 45: the board's "Sold out" dialog). */
export async function soldOutItems(restaurantId: number, search: string): Promise<SoldOutItem[]> {
  const page = await api.getList(paths.menu.menuItems, {
    struct: SoldOutItem,
    searchParams: { restaurant_id: restaurantId, page_size: SOLD_OUT_ITEMS_PAGE, ordering: 'name', ...(search.trim() ? { search: search.trim() } : {}) },
  });
  return page.items;
}
