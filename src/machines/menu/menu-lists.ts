import { fromPromise } from 'xstate';
import { MENU_MESSAGES, type DressingCreate, type MenuItemCreate, type ToppingCreate } from '../../../contracts/menu';
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
} from '../../services/menu/menu';
import { menuListMachine, type DeleteCall, type ItemValues, type LoadCall, type SaveCall } from './menu-list.machine';

/**
 * The menu's lists: the one list machine, given each list's calls. A save with an id updates,
 * without one creates.
 */

const loads = <T>(load: (call: LoadCall) => Promise<T[]>) => fromPromise<unknown[], LoadCall>(({ input }) => load(input));
const deletes = (remove: (id: number) => Promise<void>) => fromPromise<unknown, DeleteCall>(({ input }) => remove(input.id));
const saves = (create: (call: SaveCall) => Promise<unknown>, update: (id: number, values: ItemValues) => Promise<unknown>) =>
  fromPromise<unknown, SaveCall>(({ input }) => (input.id === null ? create(input) : update(input.id, input.values)));

export const categoriesListMachine = menuListMachine.provide({
  actors: {
    loadItems: loads(({ scope }) => loadCategoryOverview(scope)),
    deleteItem: deletes(deleteCategory),
  },
});

export const toppingsListMachine = menuListMachine.provide({
  actors: {
    loadItems: loads(({ scope, search }) => listToppings(scope, search)),
    saveItem: saves(({ scope, values }) => createTopping(values as ToppingCreate, scope), updateTopping),
    deleteItem: deletes(deleteTopping),
  },
});

export const dressingsListMachine = menuListMachine.provide({
  actors: {
    loadItems: loads(({ scope, search }) => listDressings(scope, search)),
    saveItem: saves(({ scope, values }) => createDressing(values as DressingCreate, scope), updateDressing),
    deleteItem: deletes(deleteDressing),
  },
});

export const optionSetsListMachine = menuListMachine.provide({
  actors: {
    loadItems: loads(({ scope }) => listOptionSets(scope)),
    deleteItem: deletes(deleteOptionSet),
  },
});

export const menuItemsListMachine = menuListMachine.provide({
  actors: {
    loadItems: loads(({ scope, ownerId }) => listMenuItems(scope, ownerId ?? 0)),
    saveItem: saves(({ scope, ownerId, values }) => createMenuItem({ ...values, category_id: ownerId ?? 0 } as MenuItemCreate, scope), updateMenuItem),
    deleteItem: deletes(deleteMenuItem),
  },
});

/** The name sentences of spec section 5, for the lists that check a name before saving. */
export const LIST_NAME_MESSAGES = { toppings: MENU_MESSAGES.toppingName, dressings: MENU_MESSAGES.dressingName, menuItems: MENU_MESSAGES.name } as const;
