import { array, boolean, coerce, enums, integer, nullable, number, object, optional, refine, string, Struct, unknown, type Infer } from 'superstruct';
import { BooleanText, Id, IdText, listQuery, SearchText } from './shared/lists';
import { NO_RESTAURANT_MESSAGE } from './shared/restaurants';
import { NAME_MAX, NAME_MESSAGE, requiredName, trimmed } from './shared/text';
import { boundedList } from './shared/documented';
import { UPLOAD_URL_PATTERN } from './shared/upload';

/**
 * Menu management (second specification, sections 3, 5, 7 and 9): every body the back office
 * sends and every answer it reads. Field names are the specification's. Create bodies leave
 * the specified defaults optional (MENU_DEFAULTS says what the server fills in); update bodies
 * (PATCH) carry only the fields that change. Every list and create body also accepts
 * `restaurant_id`, because the specified client adds it to all of them; the server checks it
 * against the caller's own restaurant (tenancy is the server's, see docs/decisions.md, "Menu tenancy").
 */

// ---- Constants (spec section 9) -------------------------------------------------------------

export const MEASUREMENTS = ['Inches', 'Centimeters', 'Grams'] as const;
export type Measurement = (typeof MEASUREMENTS)[number];
export const PRICED_BY = ['none', 'weight', 'size'] as const;
export type PricedBy = (typeof PRICED_BY)[number];

export const MENU_DEFAULTS = {
  sizeName: 'New',
  groupName: 'New group',
  selectionName: 'New',
  price: 0,
  pricedBy: 'none' as PricedBy,
  allowRemoveToppings: true,
  allowAddToppings: true,
  maxExtraToppings: 0,
  addImagesToSelections: true,
} as const;

export const MENU_PAGE_SIZES = { categories: 100, primaryOptionSets: 500, restaurants: 1, statistics: 200 } as const;
export const PRICE_MAX = 99_999_999.99;
export const DESCRIPTION_MAX = 2000;
export const URL_MAX = 2000;

// Spec section 5, word for word where it gives a sentence; a generic one elsewhere.
export const MENU_MESSAGES = {
  categoryName: 'Please enter a category name',
  toppingName: 'Please enter a topping name.',
  dressingName: 'Please enter a dressing name.',
  optionSet: 'Please enter a set name and at least one unique selection.',
  name: NAME_MESSAGE,
  noRestaurant: NO_RESTAURANT_MESSAGE,
  price: 'Enter a price of 0 or more with at most two decimals.',
  units: 'Enter units of 0 or more with at most two decimals.',
  imageUrl: 'Enter an image address starting with https://, or upload a picture.',
} as const;

// ---- Building blocks ------------------------------------------------------------------------

/** A name in an update (PATCH): optional, but when given, not blank. */
const changedName = (message: string) =>
  optional(
    trimmed(
      refine(
        string(),
        'name',
        (value) => (value.length >= 1 && value.length <= NAME_MAX) || (value.length === 0 ? message : `Names must be at most ${NAME_MAX} characters.`),
      ),
    ),
  );

const Description = trimmed(
  refine(string(), 'description', (value) => value.length <= DESCRIPTION_MAX || `Descriptions must be at most ${DESCRIPTION_MAX} characters.`),
);

/**
 * An image address: a picture uploaded here (/uploads/…) or an https:// address, which the
 * content security policy lets the page show (server/plugins/security.ts). Plain http:// and
 * other paths on this site are refused: a browser would not show them on an https page, or
 * they are no picture. Blank means none.
 */
export const ImageUrl = coerce(
  nullable(
    refine(
      string(),
      'image_url',
      (value) => (value.length <= URL_MAX && (/^https:\/\/[^\s/]+\/?\S*$/.test(value) || UPLOAD_URL_PATTERN.test(value))) || MENU_MESSAGES.imageUrl,
    ),
  ),
  string(),
  (value) => (value.trim() === '' ? null : value.trim()),
);

const hasTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Money: a number of 0 or more with at most two decimals (price step 0.01). */
export const Price = refine(
  number(),
  'price',
  (value) => (Number.isFinite(value) && value >= 0 && value <= PRICE_MAX && hasTwoDecimals(value)) || MENU_MESSAGES.price,
);

/** Size units: a number or null (an empty field is sent as null). */
export const Units = nullable(
  refine(number(), 'units', (value) => (Number.isFinite(value) && value >= 0 && value <= PRICE_MAX && hasTwoDecimals(value)) || MENU_MESSAGES.units),
);

/** A restaurant id as sent in bodies; `null` (library rows) only where the resource allows it. */
const RestaurantRef = optional(Id);
const LibraryRestaurantRef = optional(nullable(Id));

/** Lists a request may carry: a category's option sets, toppings or dressings; an option set's selections; a category's sizes and extra groups. */
export const MENU_IDS_MAX = 500;
export const MENU_SELECTIONS_MAX = 200;
export const MENU_SIZES_MAX = 100;
export const MENU_GROUPS_MAX = 100;

const IdList = refine(
  boundedList(array(Id), MENU_IDS_MAX, 'ids'),
  'ids',
  (values) => new Set(values).size === values.length || 'Each id may be given only once.',
);

// ---- Lists (PRODUCT.md: ?page=&page_size=, ordering=, search=, field filters) ----------------

/** Columns each list may be ordered by (the first is the default). */
export const ORDERING = {
  categories: ['id', 'name'],
  categoryDetails: ['id', 'category_id'],
  sizes: ['position', 'id', 'name'],
  primaryOptions: ['id', 'name'],
  toppings: ['id', 'name'],
  dressings: ['id', 'name'],
  categoryToppings: ['id', 'topping_id'],
  categoryDressings: ['id', 'dressing_id'],
  extraGroups: ['id', 'name'],
  extraSelections: ['id', 'name', 'price'],
  menuItems: ['id', 'name', 'price'],
} as const;

export const CategoryListQuery = listQuery({}, ORDERING.categories);
export type CategoryListQuery = Infer<typeof CategoryListQuery>;
export const CategoryDetailListQuery = listQuery({ category_id: optional(IdText) }, ORDERING.categoryDetails);
export type CategoryDetailListQuery = Infer<typeof CategoryDetailListQuery>;
export const SizeListQuery = listQuery({ category_id: optional(IdText) }, ORDERING.sizes);
export type SizeListQuery = Infer<typeof SizeListQuery>;
export const PrimaryOptionSetListQuery = listQuery({}, ORDERING.primaryOptions);
export type PrimaryOptionSetListQuery = Infer<typeof PrimaryOptionSetListQuery>;
/** Toppings and dressings also take `q` (spec section 7), the same as `search`. */
export const ToppingListQuery = listQuery({ q: optional(SearchText) }, ORDERING.toppings);
export type ToppingListQuery = Infer<typeof ToppingListQuery>;
export const DressingListQuery = listQuery({ q: optional(SearchText) }, ORDERING.dressings);
export type DressingListQuery = Infer<typeof DressingListQuery>;
export const CategoryToppingListQuery = listQuery({ category_id: optional(IdText), topping_id: optional(IdText) }, ORDERING.categoryToppings);
export type CategoryToppingListQuery = Infer<typeof CategoryToppingListQuery>;
export const CategoryDressingListQuery = listQuery({ category_id: optional(IdText), dressing_id: optional(IdText) }, ORDERING.categoryDressings);
export type CategoryDressingListQuery = Infer<typeof CategoryDressingListQuery>;
export const ExtraGroupListQuery = listQuery({ category_id: optional(IdText) }, ORDERING.extraGroups);
export type ExtraGroupListQuery = Infer<typeof ExtraGroupListQuery>;
export const ExtraSelectionListQuery = listQuery({ group_id: optional(IdText) }, ORDERING.extraSelections);
export type ExtraSelectionListQuery = Infer<typeof ExtraSelectionListQuery>;
export const MenuItemListQuery = listQuery({ category_id: optional(IdText), available: optional(BooleanText) }, ORDERING.menuItems);
export type MenuItemListQuery = Infer<typeof MenuItemListQuery>;

// ---- Categories ----------------------------------------------------------------------------

export const Category = object({ id: number(), name: string(), description: string(), restaurant_id: number() });
export type Category = Infer<typeof Category>;
export const CategoryCreate = object({
  name: requiredName(MENU_MESSAGES.categoryName),
  description: optional(Description),
  restaurant_id: RestaurantRef,
});
export type CategoryCreate = Infer<typeof CategoryCreate>;
export const CategoryUpdate = object({ name: changedName(MENU_MESSAGES.categoryName), description: optional(Description) });
export type CategoryUpdate = Infer<typeof CategoryUpdate>;

// ---- Category detail -----------------------------------------------------------------------

export const CategoryDetail = object({
  id: number(),
  category_id: number(),
  priced_by: enums(PRICED_BY),
  primary_option_sets: array(number()),
  allow_toppings: boolean(),
  allow_dressings: boolean(),
  allow_remove_toppings: boolean(),
  allow_add_toppings: boolean(),
  max_extra_toppings: number(),
  image_url: nullable(string()),
});
export type CategoryDetail = Infer<typeof CategoryDetail>;

const MaxExtraToppings = refine(integer(), 'max_extra_toppings', (n) => (n >= 0 && n <= 100) || 'Enter a whole number from 0 to 100.');

const detailFields = {
  priced_by: optional(enums(PRICED_BY)),
  /** Ids of primary option sets (the restaurant's own or the platform library's), in order. */
  primary_option_sets: optional(IdList),
  allow_toppings: optional(boolean()),
  allow_dressings: optional(boolean()),
  allow_remove_toppings: optional(boolean()),
  allow_add_toppings: optional(boolean()),
  max_extra_toppings: optional(MaxExtraToppings),
  image_url: optional(ImageUrl),
};
export const CategoryDetailCreate = object({ category_id: Id, restaurant_id: RestaurantRef, ...detailFields });
export type CategoryDetailCreate = Infer<typeof CategoryDetailCreate>;
export const CategoryDetailUpdate = object(detailFields);
export type CategoryDetailUpdate = Infer<typeof CategoryDetailUpdate>;

// ---- Sizes ---------------------------------------------------------------------------------

export const Size = object({
  id: number(),
  category_id: number(),
  name: string(),
  units: nullable(number()),
  measurement: nullable(enums(MEASUREMENTS)),
  position: number(),
});
export type Size = Infer<typeof Size>;
const Position = refine(integer(), 'position', (n) => (n >= 0 && n <= 100_000) || 'Enter a whole number from 0.');
const sizeFields = {
  name: changedName(MENU_MESSAGES.name),
  units: optional(Units),
  measurement: optional(nullable(enums(MEASUREMENTS))),
  /** Default: last position + 1. */
  position: optional(Position),
};
export const SizeCreate = object({ category_id: Id, restaurant_id: RestaurantRef, ...sizeFields });
export type SizeCreate = Infer<typeof SizeCreate>;
export const SizeUpdate = object(sizeFields);
export type SizeUpdate = Infer<typeof SizeUpdate>;

// ---- Platform library: toppings, dressings, primary option sets ----------------------------

/** `restaurant_id` null: a platform library row, readable by everyone, changed by administrators. */
export const Topping = object({ id: number(), name: string(), image_url: nullable(string()), restaurant_id: nullable(number()) });
export type Topping = Infer<typeof Topping>;
export const ToppingCreate = object({
  name: requiredName(MENU_MESSAGES.toppingName),
  image_url: optional(ImageUrl),
  /** Omitted: the caller's active restaurant. `null`: the platform library (administrators only). */
  restaurant_id: LibraryRestaurantRef,
});
export type ToppingCreate = Infer<typeof ToppingCreate>;
export const ToppingUpdate = object({ name: changedName(MENU_MESSAGES.toppingName), image_url: optional(ImageUrl) });
export type ToppingUpdate = Infer<typeof ToppingUpdate>;

export const Dressing = object({ id: number(), name: string(), restaurant_id: nullable(number()) });
export type Dressing = Infer<typeof Dressing>;
export const DressingCreate = object({ name: requiredName(MENU_MESSAGES.dressingName), restaurant_id: LibraryRestaurantRef });
export type DressingCreate = Infer<typeof DressingCreate>;
export const DressingUpdate = object({ name: changedName(MENU_MESSAGES.dressingName) });
export type DressingUpdate = Infer<typeof DressingUpdate>;

/** `POST /toppings/{id}/copy/`, `/dressings/{id}/copy/`, `/primary-options/{id}/copy/`: an editable copy. */
export const CopyRequest = object({ restaurant_id: RestaurantRef });
export type CopyRequest = Infer<typeof CopyRequest>;

export const PrimaryOptionSelection = object({ id: number(), name: string(), image_url: nullable(string()), position: number() });
export type PrimaryOptionSelection = Infer<typeof PrimaryOptionSelection>;
export const PrimaryOptionSet = object({
  id: number(),
  name: string(),
  restaurant_id: nullable(number()),
  prevent_restaurant_changes: boolean(),
  allow_images: boolean(),
  selections: array(PrimaryOptionSelection),
});
export type PrimaryOptionSet = Infer<typeof PrimaryOptionSet>;

const SelectionName = trimmed(refine(string(), 'name', (value) => value.length <= NAME_MAX || `Names must be at most ${NAME_MAX} characters.`));
const NewSelection = object({ name: SelectionName, image_url: optional(ImageUrl) });

/**
 * The entries of a list that are objects. superstruct runs a list's own check even when one entry
 * is refused as the wrong kind (when a later entry's failure is a refinement), so such a check
 * must not read fields of an entry that is, say, null: that entry is refused already.
 */
const listedObjects = <T>(values: T[]): T[] => values.filter((value) => typeof value === 'object' && value !== null);

/**
 * Spec section 5: selections are trimmed, blank ones dropped and later duplicates (by name,
 * ignoring case) dropped; the set needs a name and at least one selection left.
 */
const UniqueSelections = refine(
  coerce(boundedList(array(NewSelection), MENU_SELECTIONS_MAX, 'selections'), array(unknown()), (values) => {
    const seen = new Set<string>();
    return values.filter((value) => {
      if (typeof value !== 'object' || value === null || typeof (value as { name?: unknown }).name !== 'string') return true;
      const key = (value as { name: string }).name.trim().toLowerCase();
      if (key === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }),
  'selections',
  (values) => values.length >= 1 || MENU_MESSAGES.optionSet,
);

export const PrimaryOptionSetCreate = object({
  name: requiredName(MENU_MESSAGES.optionSet),
  selections: UniqueSelections,
  prevent_restaurant_changes: optional(boolean()),
  allow_images: optional(boolean()),
  restaurant_id: LibraryRestaurantRef,
});
export type PrimaryOptionSetCreate = Infer<typeof PrimaryOptionSetCreate>;

/** In an update: `id` keeps (and may rename or re-image) a selection; no `id` adds one. */
const SelectionChange = object({ id: optional(Id), name: optional(SelectionName), image_url: optional(ImageUrl) });

/**
 * PATCH `/primary-options/{id}/`. `selections`, when given, is the whole new list in its new
 * order: listed ids are kept (reordered, renamed or given an image), entries without an id
 * are added, and selections left out are removed. A selection without an id needs a name;
 * names must stay unique. Spec section 5 asks for at least one selection of a NEW set only, so
 * an existing set may be left with none (issue 10).
 */
export const PrimaryOptionSetUpdate = object({
  name: changedName(MENU_MESSAGES.optionSet),
  prevent_restaurant_changes: optional(boolean()),
  allow_images: optional(boolean()),
  selections: optional(
    refine(boundedList(array(SelectionChange), MENU_SELECTIONS_MAX, 'selections'), 'selections', (values) => {
      const given = listedObjects(values);
      const ids = given.flatMap((value) => (value.id === undefined ? [] : [value.id]));
      if (new Set(ids).size !== ids.length) return 'Each selection may be listed only once.';
      return given.every((value) => value.id !== undefined || value.name) || MENU_MESSAGES.optionSet;
    }),
  ),
});
export type PrimaryOptionSetUpdate = Infer<typeof PrimaryOptionSetUpdate>;

// ---- Category assignments ------------------------------------------------------------------

export const CategoryTopping = object({ id: number(), category_id: number(), topping_id: number() });
export type CategoryTopping = Infer<typeof CategoryTopping>;
export const CategoryToppingCreate = object({ category_id: Id, topping_id: Id, restaurant_id: RestaurantRef });
export type CategoryToppingCreate = Infer<typeof CategoryToppingCreate>;
export const CategoryToppingUpdate = object({ topping_id: Id });
export type CategoryToppingUpdate = Infer<typeof CategoryToppingUpdate>;

export const CategoryDressing = object({ id: number(), category_id: number(), dressing_id: number() });
export type CategoryDressing = Infer<typeof CategoryDressing>;
export const CategoryDressingCreate = object({ category_id: Id, dressing_id: Id, restaurant_id: RestaurantRef });
export type CategoryDressingCreate = Infer<typeof CategoryDressingCreate>;
export const CategoryDressingUpdate = object({ dressing_id: Id });
export type CategoryDressingUpdate = Infer<typeof CategoryDressingUpdate>;

// ---- Extra options -------------------------------------------------------------------------

export const ExtraGroup = object({
  id: number(),
  category_id: number(),
  name: string(),
  required: boolean(),
  allow_multiple: boolean(),
  add_images_to_selections: boolean(),
});
export type ExtraGroup = Infer<typeof ExtraGroup>;
const groupFields = {
  name: changedName(MENU_MESSAGES.name),
  required: optional(boolean()),
  allow_multiple: optional(boolean()),
  add_images_to_selections: optional(boolean()),
};
export const ExtraGroupCreate = object({ category_id: Id, restaurant_id: RestaurantRef, ...groupFields });
export type ExtraGroupCreate = Infer<typeof ExtraGroupCreate>;
export const ExtraGroupUpdate = object(groupFields);
export type ExtraGroupUpdate = Infer<typeof ExtraGroupUpdate>;

/** A selection's name is made unique within its group: 'New', 'New 2', 'New 3'... */
/** `sold_out_until` (issue 45): sold out until then (ISO 8601, UTC); absent or null when on sale. */
const SoldOutField = optional(nullable(string()));
export const ExtraSelection = object({
  id: number(),
  group_id: number(),
  name: string(),
  price: number(),
  image_url: nullable(string()),
  sold_out_until: SoldOutField,
});
export type ExtraSelection = Infer<typeof ExtraSelection>;
const selectionFields = { name: changedName(MENU_MESSAGES.name), price: optional(Price), image_url: optional(ImageUrl) };
export const ExtraSelectionCreate = object({ group_id: Id, restaurant_id: RestaurantRef, ...selectionFields });
export type ExtraSelectionCreate = Infer<typeof ExtraSelectionCreate>;
export const ExtraSelectionUpdate = object(selectionFields);
export type ExtraSelectionUpdate = Infer<typeof ExtraSelectionUpdate>;

// ---- Menu items ----------------------------------------------------------------------------

export const SizePrice = object({ size_id: Id, price: Price });
export type SizePrice = Infer<typeof SizePrice>;
/**
 * A dish. `price` when its category is not priced by size; `prices` (at most one per size of
 * that category) when it is. The other one is null / empty. A missing price means "not
 * offered", never free (issue 27): a size left out of `prices` is not offered in that size, and
 * `price: null` in a category with one price means the dish has no price yet. 0 is a free
 * dish or size, and only when the owner gives it.
 */
export const MenuItem = object({
  id: number(),
  category_id: number(),
  name: string(),
  description: string(),
  price: nullable(number()),
  prices: array(object({ size_id: number(), price: number() })),
  image_url: nullable(string()),
  available: boolean(),
  sold_out_until: SoldOutField,
});
export type MenuItem = Infer<typeof MenuItem>;
const SizePrices = refine(boundedList(array(SizePrice), MENU_SIZES_MAX, 'prices'), 'prices', (values) => {
  const given = listedObjects(values);
  return new Set(given.map((value) => value.size_id)).size === given.length || 'Each size may be priced only once.';
});
const itemFields = {
  description: optional(Description),
  // null (or left out of a create) is "no price yet"; the dish is not offered until it has one.
  price: optional(nullable(Price)),
  prices: optional(SizePrices),
  image_url: optional(ImageUrl),
  available: optional(boolean()),
};
export const MenuItemCreate = object({ category_id: Id, restaurant_id: RestaurantRef, name: requiredName(MENU_MESSAGES.name), ...itemFields });
export type MenuItemCreate = Infer<typeof MenuItemCreate>;
export const MenuItemUpdate = object({ name: changedName(MENU_MESSAGES.name), ...itemFields });
export type MenuItemUpdate = Infer<typeof MenuItemUpdate>;

// ---- Rows one request may write ----------------------------------------------------------

/**
 * Extra groups and selections one request may write in all: the extra options Save (issue 27)
 * and the deep create (issue 28). Each list has its own bound, but 100 groups of 200 selections
 * are still 20,100 rows in one transaction, which held PGlite (and a PostgreSQL connection) for
 * a minute and more; so the whole is bounded too.
 */
export const EXTRA_OPTIONS_BATCH_MAX = 500;

/** How many items `value` lists; 0 when it is no list (the struct itself refuses that). */
const listed = (value: unknown) => (Array.isArray(value) ? value.length : 0);
/** `value[key]` when `value` is an object; the bound is counted on the body as sent, before its check. */
const fieldOf = (value: unknown, key: string) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined);

/** Rows of a list of groups: each group and each of its selections. */
const groupRows = (groups: unknown) => (Array.isArray(groups) ? groups.reduce<number>((rows, group) => rows + 1 + listed(fieldOf(group, 'selections')), 0) : 0);

/**
 * `struct` refused when `rowsOf` counts more than EXTRA_OPTIONS_BATCH_MAX rows in the body as
 * sent. The refusal is put on `field`, the list a person shortens, rather than on the whole body;
 * `what` begins the sentence ("One save may change"). It is told before the fields are checked,
 * and then they are not: checking each of 100 groups × 200 selections only to refuse them was a
 * quarter of a second of the server's one thread (issue 28).
 */
function withinRowBound<T, S>(struct: Struct<T, S>, field: string, rowsOf: (value: unknown) => number, what: string): Struct<T, S> {
  const over = (value: unknown) => rowsOf(value) > EXTRA_OPTIONS_BATCH_MAX;
  // Named a refinement, so the sentence is shown as written (contracts/shared/validation.ts).
  const refusal = { path: [field], refinement: 'rows', message: `${what} at most ${EXTRA_OPTIONS_BATCH_MAX} groups and selections in all.` };
  return new Struct({
    ...struct,
    validator: (value, context) => (over(value) ? refusal : struct.validator(value, context)),
    *entries(value, context) {
      if (!over(value)) yield* struct.entries(value, context);
    },
  });
}

// ---- Deep create: POST /categories/deep/ ---------------------------------------------------

const DeepSize = object(sizeFields);
const DeepSelection = object(selectionFields);
const DeepGroup = object({ ...groupFields, selections: optional(boundedList(array(DeepSelection), MENU_SELECTIONS_MAX, 'selections')) });

/**
 * The category creation payload of spec section 3: everything is written in one transaction,
 * or nothing is. `sizes` only when the detail is priced by size.
 */
export const CategoryDeepCreate = withinRowBound(
  object({
    restaurant_id: RestaurantRef,
    name: requiredName(MENU_MESSAGES.categoryName),
    description: optional(Description),
    detail: optional(
      object({
        priced_by: optional(enums(PRICED_BY)),
        primary_option_sets: optional(IdList),
        allow_toppings: optional(boolean()),
        allow_dressings: optional(boolean()),
        image_url: optional(ImageUrl),
      }),
    ),
    sizes: optional(boundedList(array(DeepSize), MENU_SIZES_MAX, 'sizes')),
    toppings: optional(IdList),
    dressings: optional(IdList),
    extra_groups: optional(boundedList(array(DeepGroup), MENU_GROUPS_MAX, 'extra groups')),
  }),
  // Sizes, toppings, dressings and option sets are one multi-row statement each, bounded by
  // their own lists; groups and selections are the rows that multiply (issue 28).
  'extra_groups',
  (body) => groupRows(fieldOf(body, 'extra_groups')),
  'One new category may have',
);
export type CategoryDeepCreate = Infer<typeof CategoryDeepCreate>;

export const CategoryDeep = object({
  category: Category,
  detail: CategoryDetail,
  sizes: array(Size),
  toppings: array(CategoryTopping),
  dressings: array(CategoryDressing),
  extra_groups: array(object({ ...ExtraGroup.schema, selections: array(ExtraSelection) })),
});
export type CategoryDeep = Infer<typeof CategoryDeep>;

// ---- Extra options save: POST /categories/{id}/extra-options/ --------------------------------

/** A row of the batch: with `id` an existing row to update, without it a new one. */
const SavedSelection = object({ id: optional(Id), ...selectionFields });
const SavedGroup = object({
  id: optional(Id),
  ...groupFields,
  selections: optional(boundedList(array(SavedSelection), MENU_SELECTIONS_MAX, 'selections')),
});

/**
 * Everything the extra options screen's Save changes in one category (issue 27): the groups and
 * selections it deletes, then each group (updated or created) with its selections, in screen
 * order. The server writes all of it in one transaction or nothing, so a refused row never
 * leaves the rest half-applied. Every row it names counts towards the bound: each is a
 * statement or more (names are made unique per group), removed ids included.
 */
export const ExtraOptionsSave = withinRowBound(
  object({
    removed_groups: optional(IdList),
    removed_selections: optional(IdList),
    groups: boundedList(array(SavedGroup), MENU_GROUPS_MAX, 'extra groups'),
  }),
  'groups',
  (batch) => listed(fieldOf(batch, 'removed_groups')) + listed(fieldOf(batch, 'removed_selections')) + groupRows(fieldOf(batch, 'groups')),
  'One save may change',
);
export type ExtraOptionsSave = Infer<typeof ExtraOptionsSave>;

/** The category's groups with their selections after the save. */
export const ExtraOptionsSaved = object({ groups: array(object({ ...ExtraGroup.schema, selections: array(ExtraSelection) })) });
export type ExtraOptionsSaved = Infer<typeof ExtraOptionsSaved>;
