// Tables of the menu area (categories and everything that hangs off them, the platform
// library, menu items). Migration: server/db/migrations/0004_menu.sql.
//
// Every row belongs to a restaurant, directly (restaurant_id) or through its parent; children
// are deleted with their parent (ON DELETE CASCADE), so deleting a category is one statement.
// Toppings, dressings and primary option sets with a null restaurant_id are the platform
// library. Money is numeric(10, 2): exact in the database, a number with two decimals in JSON.
import { boolean, index, integer, numeric, pgEnum, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { restaurants } from './schema';

export const pricedBy = pgEnum('priced_by', ['none', 'weight', 'size']);
export const measurement = pgEnum('measurement', ['Inches', 'Centimeters', 'Grams']);

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [index('categories_restaurant_idx').on(table.restaurantId)],
);

/** One per category (unique): how it is priced, which option sets it offers, its hero image. */
export const categoryDetails = pgTable('category_details', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .unique()
    .references(() => categories.id, { onDelete: 'cascade' }),
  pricedBy: pricedBy('priced_by').notNull().default('none'),
  allowToppings: boolean('allow_toppings').notNull().default(false),
  allowDressings: boolean('allow_dressings').notNull().default(false),
  allowRemoveToppings: boolean('allow_remove_toppings').notNull().default(true),
  allowAddToppings: boolean('allow_add_toppings').notNull().default(true),
  maxExtraToppings: integer('max_extra_toppings').notNull().default(0),
  imageUrl: text('image_url'),
});

export const categorySizes = pgTable(
  'category_sizes',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    units: numeric('units', { precision: 10, scale: 2, mode: 'number' }),
    measurement: measurement('measurement'),
    position: integer('position').notNull(),
  },
  (table) => [index('category_sizes_category_idx').on(table.categoryId, table.position)],
);

export const optionSets = pgTable(
  'option_sets',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    preventRestaurantChanges: boolean('prevent_restaurant_changes').notNull().default(false),
    allowImages: boolean('allow_images').notNull().default(false),
  },
  (table) => [index('option_sets_restaurant_idx').on(table.restaurantId)],
);

export const optionSetSelections = pgTable(
  'option_set_selections',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => optionSets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    position: integer('position').notNull(),
  },
  (table) => [index('option_set_selections_set_idx').on(table.setId, table.position)],
);

/** The primary option sets a category detail offers, in order. */
export const categoryOptionSets = pgTable(
  'category_option_sets',
  {
    detailId: integer('detail_id')
      .notNull()
      .references(() => categoryDetails.id, { onDelete: 'cascade' }),
    optionSetId: integer('option_set_id')
      .notNull()
      .references(() => optionSets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ name: 'category_option_sets_pk', columns: [table.detailId, table.optionSetId] })],
);

export const toppings = pgTable(
  'toppings',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
  },
  (table) => [index('toppings_restaurant_idx').on(table.restaurantId)],
);

export const dressings = pgTable(
  'dressings',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [index('dressings_restaurant_idx').on(table.restaurantId)],
);

export const categoryToppings = pgTable(
  'category_toppings',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    toppingId: integer('topping_id')
      .notNull()
      .references(() => toppings.id, { onDelete: 'cascade' }),
  },
  (table) => [unique('category_toppings_pair_unique').on(table.categoryId, table.toppingId)],
);

export const categoryDressings = pgTable(
  'category_dressings',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    dressingId: integer('dressing_id')
      .notNull()
      .references(() => dressings.id, { onDelete: 'cascade' }),
  },
  (table) => [unique('category_dressings_pair_unique').on(table.categoryId, table.dressingId)],
);

export const extraGroups = pgTable(
  'extra_groups',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    allowMultiple: boolean('allow_multiple').notNull().default(false),
    addImagesToSelections: boolean('add_images_to_selections').notNull().default(true),
  },
  (table) => [index('extra_groups_category_idx').on(table.categoryId)],
);

/** Names are unique within a group (the server adds a number suffix; the constraint is the backstop). */
export const extraSelections = pgTable(
  'extra_selections',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => extraGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: money('price').notNull().default(0),
    imageUrl: text('image_url'),
    /** Sold out (86) until then (issue 45): orderable again by itself once it has passed. */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
  },
  (table) => [unique('extra_selections_group_name_unique').on(table.groupId, table.name)],
);

/** A dish: one `price`, or one row in menu_item_prices per size when its category is priced by size. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price'),
    imageUrl: text('image_url'),
    available: boolean('available').notNull().default(true),
    /** Sold out (86) until then (issue 45): orderable again by itself once it has passed. */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
  },
  (table) => [index('menu_items_category_idx').on(table.categoryId)],
);

export const menuItemPrices = pgTable(
  'menu_item_prices',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => categorySizes.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
  },
  (table) => [primaryKey({ name: 'menu_item_prices_pk', columns: [table.itemId, table.sizeId] })],
);
