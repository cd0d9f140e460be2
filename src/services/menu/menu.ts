import type { Struct } from 'superstruct';
import {
  Category,
  CategoryDeep,
  CategoryDeepCreate,
  CategoryDetail,
  CategoryDetailCreate,
  CategoryDetailUpdate,
  CategoryDressing,
  CategoryDressingCreate,
  CategoryTopping,
  CategoryToppingCreate,
  CategoryUpdate,
  Dressing,
  DressingCreate,
  DressingUpdate,
  ExtraGroup,
  ExtraGroupCreate,
  ExtraGroupUpdate,
  ExtraOptionsSave,
  ExtraOptionsSaved,
  ExtraSelection,
  ExtraSelectionCreate,
  ExtraSelectionUpdate,
  MENU_PAGE_SIZES,
  MenuItem,
  MenuItemCreate,
  MenuItemUpdate,
  PrimaryOptionSet,
  PrimaryOptionSetCreate,
  PrimaryOptionSetUpdate,
  Size,
  SizeCreate,
  SizeUpdate,
  Topping,
  ToppingCreate,
  ToppingUpdate,
} from '../../../contracts/menu';
import { DEFAULT_CURRENCY, Restaurant, type Currency } from '../../../contracts/shared/restaurants';
import { LIST_PAGE_SIZE_MAX } from '../../../contracts/shared/lists';
import { paths } from '../../../contracts/shared/paths';
import { ContractViolation, parseWith } from '../../../contracts/shared/validation';
import { api, ApiError, type ApiClient } from '../shared/api';
import type { Assignment, CategoryEditorData, ChipList, MenuScope } from './menu-types';

/**
 * The menu's calls (spec section 7, newer backend), one function per call, every answer
 * checked against contracts/menu.ts. Restaurant scoping is spec section 6: a user who is not a
 * superadmin gets their active restaurant added to list filters and create bodies that lack it.
 */

/** Query filters of a list call. */
export type Filters = Record<string, string | number | boolean | null | undefined>;

const M = paths.menu;
/** Catalogues (toppings, dressings, groups...) are read whole: the server's largest page. */
const ALL = LIST_PAGE_SIZE_MAX;

export function scopedFilters(scope: MenuScope, filters: Filters = {}): Filters {
  if (scope.superadmin || scope.restaurantId === null || 'restaurant_id' in filters) return filters;
  return { ...filters, restaurant_id: scope.restaurantId };
}

export function scopedBody<T extends object>(scope: MenuScope, body: T): T & { restaurant_id?: number } {
  if (scope.superadmin || scope.restaurantId === null || 'restaurant_id' in body) return body;
  return { ...body, restaurant_id: scope.restaurantId };
}

/**
 * A body checked with the server's own contract before it goes. TypeScript lets a wider object
 * through where a body type is expected (a `category_id` in a detail update passed the types and
 * failed every save, issue 10), so the check is made at run time, and a body the server would
 * refuse fails here exactly as the server would answer it: 400 with `fields`.
 */
export function checkedBody<T, S>(struct: Struct<T, S>, body: unknown): T {
  try {
    return parseWith(struct, body);
  } catch (error) {
    if (error instanceof ContractViolation) throw new ApiError('Some fields are not valid.', { status: 400, code: 'invalid', fields: error.fields });
    throw error;
  }
}

/** The contracts of a collection's create and update bodies. */
type BodyContracts<C, U> = { create?: Struct<C, unknown>; update?: Struct<U, unknown> };

function contractOf<B>(struct: Struct<B, unknown> | undefined, call: string): Struct<B, unknown> {
  if (!struct) throw new Error(`${call} is not a call of this collection`);
  return struct;
}

/** One collection's list, create, update and delete; bodies checked with their contract, answers with the row's. */
function collection<T, S, C extends object, U>(path: string, struct: Struct<T, S>, bodies: BodyContracts<C, U>, client: () => ApiClient = () => api) {
  return {
    list: async (scope: MenuScope, filters: Filters = {}) =>
      (await client().getList(path, { struct, searchParams: scopedFilters(scope, { page_size: ALL, ...filters }) })).items,
    get: (id: number) => client().get(M.one(path, id), { struct }),
    // Async, so a body refused by its contract is a rejected promise (an actor's error event), never a throw.
    create: async (body: C, scope: MenuScope) =>
      client().post(path, checkedBody(contractOf(bodies.create, `POST ${path}`), scopedBody(scope, body)), { struct }),
    update: async (id: number, body: U) => client().patch(M.one(path, id), checkedBody(contractOf(bodies.update, `PATCH ${path}`), body), { struct }),
    remove: async (id: number) => {
      await client().delete(M.one(path, id));
    },
  };
}

// Categories are created whole (the deep create below), so their collection has no create of its own.
const categories = collection(M.categories, Category, { update: CategoryUpdate });
const details = collection(M.categoryDetail, CategoryDetail, { create: CategoryDetailCreate, update: CategoryDetailUpdate });
const sizes = collection(M.sizes, Size, { create: SizeCreate, update: SizeUpdate });
const optionSets = collection(M.primaryOptions, PrimaryOptionSet, { create: PrimaryOptionSetCreate, update: PrimaryOptionSetUpdate });
const toppings = collection(M.toppings, Topping, { create: ToppingCreate, update: ToppingUpdate });
const dressings = collection(M.dressings, Dressing, { create: DressingCreate, update: DressingUpdate });
const categoryToppings = collection(M.categoryToppings, CategoryTopping, { create: CategoryToppingCreate });
const categoryDressings = collection(M.categoryDressings, CategoryDressing, { create: CategoryDressingCreate });
const groups = collection(M.extraGroups, ExtraGroup, { create: ExtraGroupCreate, update: ExtraGroupUpdate });
const selections = collection(M.extraSelections, ExtraSelection, { create: ExtraSelectionCreate, update: ExtraSelectionUpdate });
const menuItems = collection(M.menuItems, MenuItem, { create: MenuItemCreate, update: MenuItemUpdate });

// ---- Categories -----------------------------------------------------------------------------

/** Spec section 7: page_size 100, ordering id. */
export const listCategories = (scope: MenuScope) => categories.list(scope, { page_size: MENU_PAGE_SIZES.categories, ordering: 'id' });
export const deleteCategory = (id: number) => categories.remove(id);
export const updateCategory = (id: number, body: CategoryUpdate) => categories.update(id, body);
export const listCategoryDetails = (scope: MenuScope) => details.list(scope);

export async function createCategoryDeep(payload: CategoryDeepCreate, scope: MenuScope): Promise<Category> {
  const created = await api.post(M.categoryDeep, checkedBody(CategoryDeepCreate, scopedBody(scope, payload)), { struct: CategoryDeep });
  return created.category;
}

export const createCategoryDetail = (body: CategoryDetailCreate, scope: MenuScope) => details.create(body, scope);
export const updateCategoryDetail = (id: number, body: CategoryDetailUpdate) => details.update(id, body);

/** Spec section 5: a superadmin without an active restaurant creates in the first one listed. */
export async function findFirstRestaurantId(): Promise<number | null> {
  const page = await api.getList(M.restaurants, { struct: Restaurant, searchParams: { page_size: MENU_PAGE_SIZES.restaurants } });
  return page.items[0]?.id ?? null;
}

/** A restaurant's name and the currency it prices in (the server derives it from its location); USD when unknown. */
async function restaurantFacts(restaurantId: number): Promise<{ name: string | null; currency: Currency }> {
  const page = await api.getList(M.restaurants, { struct: Restaurant, searchParams: { restaurant_id: restaurantId, page_size: 1 } });
  return { name: page.items[0]?.name ?? null, currency: page.items[0]?.currency ?? DEFAULT_CURRENCY };
}

/** The currency a restaurant prices in; USD when unknown. */
export const restaurantCurrency = async (restaurantId: number): Promise<Currency> => (await restaurantFacts(restaurantId)).currency;

// ---- Sizes, groups, selections --------------------------------------------------------------

export const createSize = (body: SizeCreate, scope: MenuScope) => sizes.create(body, scope);
export const updateSize = (id: number, body: SizeUpdate) => sizes.update(id, body);
export const deleteSize = (id: number) => sizes.remove(id);
export const listGroups = (scope: MenuScope, categoryId: number) => groups.list(scope, { category_id: categoryId });
export const createGroup = (body: ExtraGroupCreate, scope: MenuScope) => groups.create(body, scope);
export const updateGroup = (id: number, body: ExtraGroupUpdate) => groups.update(id, body);
export const deleteGroup = (id: number) => groups.remove(id);
export const listSelections = (scope: MenuScope, groupId: number) => selections.list(scope, { group_id: groupId });
export const createSelection = (body: ExtraSelectionCreate, scope: MenuScope) => selections.create(body, scope);
export const updateSelection = (id: number, body: ExtraSelectionUpdate) => selections.update(id, body);
export const deleteSelection = (id: number) => selections.remove(id);

/** A category's extra options saved together: the server writes all of it or nothing (issue 27). */
export const saveExtraOptions = (categoryId: number, body: ExtraOptionsSave) =>
  api.post(M.categoryExtraOptions(categoryId), checkedBody(ExtraOptionsSave, body), { struct: ExtraOptionsSaved });

/** Every selection of the given groups, in the groups' order. */
export async function listSelectionsOf(scope: MenuScope, groupIds: readonly number[]): Promise<ExtraSelection[]> {
  return (await Promise.all(groupIds.map((id) => listSelections(scope, id)))).flat();
}

// ---- Topping and dressing assignments -------------------------------------------------------

const fromTopping = (row: CategoryTopping): Assignment => ({ id: row.id, category_id: row.category_id, item_id: row.topping_id });
const fromDressing = (row: CategoryDressing): Assignment => ({ id: row.id, category_id: row.category_id, item_id: row.dressing_id });

export async function listAssignments(list: ChipList, scope: MenuScope, categoryId: number): Promise<Assignment[]> {
  if (list === 'toppings') return (await categoryToppings.list(scope, { category_id: categoryId })).map(fromTopping);
  return (await categoryDressings.list(scope, { category_id: categoryId })).map(fromDressing);
}

export async function assignItem(list: ChipList, categoryId: number, itemId: number, scope: MenuScope): Promise<Assignment> {
  if (list === 'toppings') return fromTopping(await categoryToppings.create({ category_id: categoryId, topping_id: itemId }, scope));
  return fromDressing(await categoryDressings.create({ category_id: categoryId, dressing_id: itemId }, scope));
}

export const unassignItem = (list: ChipList, assignmentId: number) => (list === 'toppings' ? categoryToppings : categoryDressings).remove(assignmentId);

// ---- Library: toppings, dressings, primary option sets --------------------------------------

/** Toppings and dressings take an optional `q` (spec section 7). */
const searchFilter = (q?: string): Filters => (q && q.trim() !== '' ? { q: q.trim() } : {});

export const listToppings = (scope: MenuScope, q?: string) => toppings.list(scope, { ordering: 'name', ...searchFilter(q) });
export const createTopping = (body: ToppingCreate, scope: MenuScope) => toppings.create(body, scope);
export const updateTopping = (id: number, body: ToppingUpdate) => toppings.update(id, body);
export const deleteTopping = (id: number) => toppings.remove(id);
export const listDressings = (scope: MenuScope, q?: string) => dressings.list(scope, { ordering: 'name', ...searchFilter(q) });
export const createDressing = (body: DressingCreate, scope: MenuScope) => dressings.create(body, scope);
export const updateDressing = (id: number, body: DressingUpdate) => dressings.update(id, body);
export const deleteDressing = (id: number) => dressings.remove(id);

/** Spec section 7: page_size 500. */
export const listOptionSets = (scope: MenuScope) => optionSets.list(scope, { page_size: MENU_PAGE_SIZES.primaryOptionSets, ordering: 'id' });
export const getOptionSet = (id: number) => optionSets.get(id);
export const createOptionSet = (body: PrimaryOptionSetCreate, scope: MenuScope) => optionSets.create(body, scope);
export const updateOptionSet = (id: number, body: PrimaryOptionSetUpdate) => optionSets.update(id, body);
export const deleteOptionSet = (id: number) => optionSets.remove(id);

// ---- Menu items -----------------------------------------------------------------------------

export const listMenuItems = (scope: MenuScope, categoryId: number) => menuItems.list(scope, { category_id: categoryId, ordering: 'id' });
export const createMenuItem = (body: MenuItemCreate, scope: MenuScope) => menuItems.create(body, scope);
export const updateMenuItem = (id: number, body: MenuItemUpdate) => menuItems.update(id, body);
export const deleteMenuItem = (id: number) => menuItems.remove(id);

/** How many of a category's menu items have a price for the size (what removing the size deletes). */
export async function countSizePrices(scope: MenuScope, categoryId: number, sizeId: number): Promise<number> {
  return (await listMenuItems(scope, categoryId)).filter((item) => item.prices.some((price) => price.size_id === sizeId)).length;
}

// ---- The category editor's read -------------------------------------------------------------

/**
 * Everything the editor needs. A new category (id null) reads only the catalogues. A missing
 * category answers 404 from its GET, which the machine shows as 'Category not found.'.
 */
export async function loadCategoryEditor(categoryId: number | null, scope: MenuScope): Promise<CategoryEditorData> {
  const catalogues = () => Promise.all([listToppings(scope), listDressings(scope), listOptionSets(scope)]);
  if (categoryId === null) {
    const [toppingList, dressingList, setList] = await catalogues();
    // Nothing priced is shown before the category is saved, so its currency is not read yet.
    return {
      category: null,
      detail: null,
      sizes: [],
      toppingAssignments: [],
      dressingAssignments: [],
      groups: [],
      selections: [],
      toppings: toppingList,
      dressings: dressingList,
      optionSets: setList,
      currency: DEFAULT_CURRENCY,
      restaurantName: null,
    };
  }
  // All in one Promise.all, so a failure of any call (a missing category's 404 first of all)
  // is the one answer and no other request is left failing with nobody listening.
  const [category, detailList, sizeList, toppingAssignments, dressingAssignments, groupList, [toppingList, dressingList, setList]] = await Promise.all([
    categories.get(categoryId),
    details.list(scope, { category_id: categoryId }),
    sizes.list(scope, { category_id: categoryId, ordering: 'position' }),
    listAssignments('toppings', scope, categoryId),
    listAssignments('dressings', scope, categoryId),
    listGroups(scope, categoryId),
    catalogues(),
  ]);
  // The category's restaurant, not the caller's: an administrator may open any restaurant's category.
  const [selectionList, restaurant] = await Promise.all([
    listSelectionsOf(
      scope,
      groupList.map((group) => group.id),
    ),
    restaurantFacts(category.restaurant_id),
  ]);
  return {
    category,
    detail: detailList[0] ?? null,
    sizes: sizeList,
    toppingAssignments,
    dressingAssignments,
    groups: groupList,
    selections: selectionList,
    currency: restaurant.currency,
    restaurantName: restaurant.name,
    toppings: toppingList,
    dressings: dressingList,
    optionSets: setList,
  };
}

// ---- The categories list --------------------------------------------------------------------

/** One line of the categories list: the category, its detail (if any) and its option sets' names. */
export interface CategoryOverview {
  category: Category;
  detail: CategoryDetail | null;
  optionSetNames: string[];
}

export async function loadCategoryOverview(scope: MenuScope): Promise<CategoryOverview[]> {
  const [categoryList, detailList, setList] = await Promise.all([listCategories(scope), listCategoryDetails(scope), listOptionSets(scope)]);
  const setName = new Map(setList.map((set) => [set.id, set.name]));
  return categoryList.map((category) => {
    const detail = detailList.find((one) => one.category_id === category.id) ?? null;
    const optionSetNames = (detail?.primary_option_sets ?? []).flatMap((id) => (setName.has(id) ? [setName.get(id)!] : []));
    return { category, detail, optionSetNames };
  });
}
