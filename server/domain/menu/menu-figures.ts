import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { selectRows } from '../shared/raw-rows';

/**
 * The menu's figures behind the insight screens, counted in one SQL statement (PRODUCT.md: a
 * screen's figures are counted by the server, never by paging through lists). The insights area
 * receives this through the composition root (server/app.ts), since it may not read menu tables.
 */
export type MenuFigures = {
  categories: number;
  menuItems: number;
  /** Extra groups of the restaurant's categories. */
  optionGroups: number;
  /** Extra selections in those groups. */
  options: number;
  /** Menu items per category name, most first, ties by name; at most `top`. */
  itemsPerCategory: { name: string; value: number }[];
  /**
   * The option sets, toppings and dressings the restaurant can use, by kind: its own and the
   * platform library's (rows with no restaurant). Platform-wide: every row.
   */
  optionGroupBreakdown: { name: string; value: number }[];
};

/** `restaurantId` undefined: the whole platform. */
export async function menuFigures(db: Db, restaurantId: number | undefined, top: number): Promise<MenuFigures> {
  // Platform-wide the restaurant condition is simply true; the planner drops it.
  const ownCategories = restaurantId === undefined ? sql`true` : sql`c.restaurant_id = ${restaurantId}`;
  // Platform-wide every item counts: no join to the categories just to keep them all (a third less time, docs/performance.md).
  const ownItems = restaurantId === undefined ? sql`true` : sql`m.category_id in (select id from own_categories)`;
  // What a restaurant can put on its menu: its own rows and the library's. (Counting the library
  // alone told an owner with three sets of their own "No option sets yet", issue 27.)
  const usable = restaurantId === undefined ? sql`true` : sql`(restaurant_id = ${restaurantId} or restaurant_id is null)`;
  const [row] = await selectRows<{
    categories: string;
    menu_items: string;
    option_groups: string;
    options: string;
    items_per_category: { name: string; value: number }[] | null;
    primary_options: string;
    toppings: string;
    dressings: string;
  }>(
    db,
    sql`
    with own_categories as (select c.id, c.name from categories c where ${ownCategories}),
    -- Items counted per category id first, then named: the join meets one row per category, not per item.
    items_by_category as (
      select m.category_id, count(*) as items from menu_items m
      where ${ownItems} group by m.category_id
    ),
    items_by_name as (
      select oc.name, sum(coalesce(i.items, 0))::int as value
      from own_categories oc left join items_by_category i on i.category_id = oc.id
      group by oc.name order by value desc, oc.name limit ${top}
    ),
    own_groups as (select g.id from extra_groups g where g.category_id in (select id from own_categories))
    select
      (select count(*) from own_categories) as categories,
      (select coalesce(sum(items), 0) from items_by_category) as menu_items,
      (select count(*) from own_groups) as option_groups,
      (select count(*) from extra_selections s where s.group_id in (select id from own_groups)) as options,
      (select json_agg(json_build_object('name', name, 'value', value) order by value desc, name) from items_by_name) as items_per_category,
      (select count(*) from option_sets where ${usable}) as primary_options,
      (select count(*) from toppings where ${usable}) as toppings,
      (select count(*) from dressings where ${usable}) as dressings
  `,
  );
  if (!row) throw new Error('The menu figures query answered no row.');
  return {
    categories: Number(row.categories),
    menuItems: Number(row.menu_items),
    optionGroups: Number(row.option_groups),
    options: Number(row.options),
    itemsPerCategory: row.items_per_category ?? [],
    optionGroupBreakdown: [
      { name: 'Primary options', value: Number(row.primary_options) },
      { name: 'Toppings', value: Number(row.toppings) },
      { name: 'Dressings', value: Number(row.dressings) },
    ],
  };
}
