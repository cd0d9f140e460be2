/** Shared data of the category editor's machine and view tests: one small category of each kind. */
import type { CategoryDetail } from '#contracts/menu';
import type { Chip, GroupRow, SelectionRow } from '#src/machines/menu/category-editor.rows';
import type { CategoryEditorData, MenuScope } from '#src/services/menu/menu-types';

export const OWNER: MenuScope = { restaurantId: 3, superadmin: false };
export const SUPERADMIN: MenuScope = { restaurantId: null, superadmin: true };
export const NO_RESTAURANT: MenuScope = { restaurantId: null, superadmin: false };

export const DETAIL: CategoryDetail = {
  id: 11,
  category_id: 1,
  priced_by: 'size',
  primary_option_sets: [],
  allow_toppings: true,
  allow_dressings: true,
  allow_remove_toppings: true,
  allow_add_toppings: true,
  max_extra_toppings: 0,
  image_url: null,
};

export const CATALOGUE = {
  toppings: [
    { id: 1, name: 'Olives', image_url: null, restaurant_id: 3 },
    { id: 2, name: 'Basil', image_url: null, restaurant_id: null },
  ],
  dressings: [{ id: 1, name: 'Ranch', restaurant_id: 3 }],
  optionSets: [
    {
      id: 5,
      name: 'Crust',
      restaurant_id: 3,
      prevent_restaurant_changes: false,
      allow_images: false,
      selections: [{ id: 51, name: 'Thin', image_url: null, position: 0 }],
    },
  ],
};

export const EMPTY_CATEGORY: CategoryEditorData = {
  category: null,
  detail: null,
  sizes: [],
  toppingAssignments: [],
  dressingAssignments: [],
  groups: [],
  selections: [],
  toppings: [],
  dressings: [],
  optionSets: [],
  currency: 'USD',
  restaurantName: null,
};

export function categoryData(overrides: Partial<CategoryEditorData> = {}): CategoryEditorData {
  return {
    ...EMPTY_CATEGORY,
    ...CATALOGUE,
    category: { id: 1, name: 'Pizza', description: 'Stone baked', restaurant_id: 3 },
    detail: DETAIL,
    ...overrides,
  };
}

/** A saved or new (`id` null) option group row, idle, as the editor holds it. */
export const group = (key: string, id: number | null = null): GroupRow => ({
  table: 'group',
  key,
  id,
  status: 'idle',
  name: 'Sauces',
  required: false,
  allow_multiple: true,
  add_images_to_selections: true,
});

/** A selection row of group `groupKey`, idle, priced 0.50. */
export const selection = (key: string, groupKey: string, name = 'BBQ', id: number | null = null): SelectionRow => ({
  table: 'selection',
  key,
  id,
  status: 'idle',
  groupKey,
  name,
  price: 0.5,
  image_url: null,
});

/** A topping or dressing chip as the editor holds it. */
export const chip = (list: Chip['list'], itemId: number, assigned: boolean, assignmentId: number | null, status: Chip['status'] = 'idle'): Chip => ({
  list,
  itemId,
  assigned,
  assignmentId,
  status,
});
