import { MENU_MESSAGES, type Dressing, type MenuItem, type MenuItemUpdate, type PrimaryOptionSet, type Topping } from '../../../contracts/menu';
import {
  createDressing,
  createMenuItem,
  createTopping,
  deleteCategory,
  deleteDressing,
  deleteMenuItem,
  deleteOptionSet,
  deleteTopping,
  listDressings,
  listMenuItems,
  listOptionSets,
  listToppings,
  loadCategoryOverview,
  updateDressing,
  updateMenuItem,
  updateTopping,
  type CategoryOverview,
} from '../../services/menu/menu';
import { numberOrNullFromInput } from './category-editor.rows';
import { createListMachine, type ListForm, type MenuListMachine, type SaveCall } from './menu-list.machine';

/**
 * The menu's lists: one typed list machine each, given its calls and its form. A save with an
 * id updates, without one creates. The bodies are checked against the contracts by the calls
 * (`checkedBody` in services/menu), so a refused field comes back marked like the server's.
 */

const saves =
  <Save>(create: (call: SaveCall<Save>) => Promise<unknown>, update: (id: number, values: Save) => Promise<unknown>) =>
  (call: SaveCall<Save>) =>
    call.id === null ? create(call) : update(call.id, call.values);

type NoFields = Record<string, never>;
/** A list with no panel of its own: nothing to edit in place (categories; option sets open their own editor). */
const noFields: ListForm<unknown, NoFields, undefined, NoFields> = {
  blank: {},
  valuesOf: () => ({}),
  toSave: () => ({}),
  alwaysOpen: false,
};

/** A category's row in the list, by the category's id. */
export type CategoryRow = CategoryOverview & { id: number };
export const categoriesListMachine = createListMachine<CategoryRow, NoFields, undefined, NoFields>({
  form: noFields,
  load: async ({ scope }) => (await loadCategoryOverview(scope)).map((row) => ({ ...row, id: row.category.id })),
  remove: ({ id }) => deleteCategory(id),
});

/** The topping panel: the inventory switch is shown, not saved (spec). */
export type ToppingForm = { name: string; image_url: string; inventory: boolean };
export type ToppingSave = { name: string; image_url: string };
export const toppingsListMachine = createListMachine<Topping, ToppingForm, undefined, ToppingSave>({
  form: {
    blank: { name: '', image_url: '', inventory: false },
    valuesOf: (topping) => ({ name: topping.name, image_url: topping.image_url ?? '', inventory: false }),
    toSave: ({ name, image_url }) => ({ name, image_url }),
    alwaysOpen: true,
  },
  load: ({ scope, search }) => listToppings(scope, search),
  save: saves<ToppingSave>(({ scope, values }) => createTopping(values, scope), updateTopping),
  remove: ({ id }) => deleteTopping(id),
});

export type DressingForm = { name: string };
export const dressingsListMachine = createListMachine<Dressing, DressingForm, undefined, DressingForm>({
  form: { blank: { name: '' }, valuesOf: (dressing) => ({ name: dressing.name }), toSave: ({ name }) => ({ name }), alwaysOpen: true },
  load: ({ scope, search }) => listDressings(scope, search),
  save: saves<DressingForm>(({ scope, values }) => createDressing(values, scope), updateDressing),
  remove: ({ id }) => deleteDressing(id),
});

export const optionSetsListMachine = createListMachine<PrimaryOptionSet, NoFields, undefined, NoFields>({
  form: noFields,
  load: ({ scope }) => listOptionSets(scope),
  remove: ({ id }) => deleteOptionSet(id),
});

/** Prices as typed: '' until the person enters one, and '' is no price: not offered (issue 27). */
export type PriceText = number | string;
export type MenuItemForm = { name: string; description: string; price: PriceText; prices: Record<number, PriceText>; image_url: string };
/** What the screen says when a dish is saved: the saved sizes it is priced by, or null for one price. */
export type MenuItemSubmit = { sizeIds: number[] | null };
export const menuItemsListMachine = createListMachine<MenuItem, MenuItemForm, MenuItemSubmit, MenuItemUpdate>({
  form: {
    blank: { name: '', description: '', price: '', prices: {}, image_url: '' },
    valuesOf: (item) => ({
      name: item.name,
      description: item.description,
      price: item.price ?? '',
      prices: Object.fromEntries(item.prices.map((one) => [one.size_id, one.price])),
      image_url: item.image_url ?? '',
    }),
    toSave: (form, submit) => ({
      name: form.name,
      description: form.description,
      image_url: form.image_url,
      ...(submit?.sizeIds
        ? // A size left blank is left out: not offered in it (issue 27).
          {
            prices: submit.sizeIds.flatMap((sizeId) => {
              const price = numberOrNullFromInput(form.prices[sizeId] ?? '');
              return price === null ? [] : [{ size_id: sizeId, price }];
            }),
          }
        : { price: numberOrNullFromInput(form.price) }),
    }),
    alwaysOpen: false,
  },
  load: ({ scope, ownerId }) => listMenuItems(scope, ownerId ?? 0),
  save: saves(({ scope, ownerId, values }) => createMenuItem({ ...values, name: values.name ?? '', category_id: ownerId ?? 0 }, scope), updateMenuItem),
  remove: ({ id }) => deleteMenuItem(id),
});

/** The name sentences of spec section 5, for the lists that check a name before saving. */
export const LIST_NAME_MESSAGES = { toppings: MENU_MESSAGES.toppingName, dressings: MENU_MESSAGES.dressingName, menuItems: MENU_MESSAGES.name } as const;

export type CategoriesListMachine = MenuListMachine<CategoryRow, NoFields, undefined, NoFields>;
export type OptionSetsListMachine = MenuListMachine<PrimaryOptionSet, NoFields, undefined, NoFields>;
export type ToppingsListMachine = MenuListMachine<Topping, ToppingForm, undefined, ToppingSave>;
export type DressingsListMachine = MenuListMachine<Dressing, DressingForm, undefined, DressingForm>;
export type MenuItemsListMachine = MenuListMachine<MenuItem, MenuItemForm, MenuItemSubmit, MenuItemUpdate>;
