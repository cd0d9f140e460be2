import type { Category, CategoryDetail, Dressing, ExtraGroup, ExtraSelection, PrimaryOptionSet, Size, Topping } from '../../../contracts/menu';
import type { Currency } from '../../../contracts/shared/restaurants';

/**
 * The menu shapes the client adds to the contract's (contracts/menu.ts): who is asking, an
 * assignment with one name for the topping's or dressing's id, and the category editor's data.
 */

/** Who is asking: spec section 6 tags lists and creates with the active restaurant, except for superadmins. */
export interface MenuScope {
  restaurantId: number | null;
  superadmin: boolean;
}

/** A category-topping or category-dressing assignment; `item_id` is the topping's or dressing's id. */
export interface Assignment {
  id: number;
  category_id: number;
  item_id: number;
}

export type ChipList = 'toppings' | 'dressings';

/** Everything the category editor shows, read in one go. */
export interface CategoryEditorData {
  category: Category | null;
  detail: CategoryDetail | null;
  sizes: Size[];
  toppingAssignments: Assignment[];
  dressingAssignments: Assignment[];
  groups: ExtraGroup[];
  selections: ExtraSelection[];
  toppings: Topping[];
  dressings: Dressing[];
  optionSets: PrimaryOptionSet[];
  /** What the category's restaurant prices in. */
  currency: Currency;
  /** The category's restaurant's name (null: none yet, or a new category): an administrator may open another restaurant's category. */
  restaurantName: string | null;
}
