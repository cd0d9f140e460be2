import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptiedBeforeEachTest } from '../test-app';

/**
 * The store's version (migrations 0009 and 0011): the database raises it in the transaction of
 * every change to a restaurant's menu or settings, once, at commit, whichever code path writes, so
 * the store's ETag is never stale.
 */
describe('restaurant version', { timeout: 30_000 }, () => {
  const { database } = emptiedBeforeEachTest();
  const run = (statement: string) => database().query(statement);
  const versionOf = async (id: number) => Number((await run(`select version from restaurants where id = ${id}`))[0]?.version);

  async function restaurantWithCategory(name: string): Promise<{ restaurant: number; category: number }> {
    const [restaurant] = await run(`insert into restaurants (name) values ('${name}') returning id`);
    const [category] = await run(`insert into categories (restaurant_id, name) values (${restaurant!.id}, 'Pizza') returning id`);
    return { restaurant: Number(restaurant!.id), category: Number(category!.id) };
  }

  it('rises with a change of the restaurant row and of each table that hangs off it, once per transaction', async () => {
    const { restaurant, category } = await restaurantWithCategory('Luigi');
    const other = await restaurantWithCategory('Other');
    const [start, otherStart] = [await versionOf(restaurant), await versionOf(other.restaurant)];
    await run(`update restaurants set name = 'Luigi''s' where id = ${restaurant}`);
    expect(await versionOf(restaurant)).toBe(start + 1);
    await run(`insert into menu_items (category_id, name, price) values (${category}, 'Margherita', 9), (${category}, 'Marinara', 8)`);
    expect(await versionOf(restaurant)).toBe(start + 2);
    const [group] = await run(`insert into extra_groups (category_id, name) values (${category}, 'Crust') returning id`);
    await run(`insert into extra_selections (group_id, name, price) values (${group!.id}, 'Thin', 1)`);
    await run(`update extra_selections set price = 2 where group_id = ${group!.id}`);
    await run(`insert into restaurant_special_days (restaurant_id, date, closed) values (${restaurant}, '2026-12-25', true)`);
    expect(await versionOf(restaurant)).toBe(start + 6);
    // A statement that changes nothing of this restaurant leaves its version alone.
    await run(`update menu_items set name = 'x' where id = -1`);
    expect(await versionOf(restaurant)).toBe(start + 6);
    expect(await versionOf(other.restaurant)).toBe(otherStart);
  });

  it('rises once for a transaction of many statements, at its commit, and not for one rolled back', async () => {
    const { restaurant, category } = await restaurantWithCategory('Batch');
    const start = await versionOf(restaurant);
    await database().db.transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into menu_items (category_id, name, price) values (${category}, 'A', 1)`));
      await tx.execute(sql.raw(`insert into menu_items (category_id, name, price) values (${category}, 'B', 2)`));
      await tx.execute(sql.raw(`update categories set name = 'Pizzas' where id = ${category}`));
    });
    expect(await versionOf(restaurant)).toBe(start + 1);
    await database()
      .db.transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into menu_items (category_id, name, price) values (${category}, 'C', 3)`));
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect(await versionOf(restaurant)).toBe(start + 1);
    expect(await run('select * from pending_version_bumps')).toEqual([]);
  });

  it('rises for the restaurants linking a library topping when the library changes, and for no other', async () => {
    const linked = await restaurantWithCategory('Linked');
    const unlinked = await restaurantWithCategory('Unlinked');
    const [topping] = await run(`insert into toppings (restaurant_id, name) values (null, 'Basil') returning id`);
    await run(`insert into category_toppings (category_id, topping_id) values (${linked.category}, ${topping!.id})`);
    const before = [await versionOf(linked.restaurant), await versionOf(unlinked.restaurant)];
    await run(`update toppings set name = 'Fresh basil' where id = ${topping!.id}`);
    expect([await versionOf(linked.restaurant), await versionOf(unlinked.restaurant)]).toEqual([before[0]! + 1, before[1]]);
  });

  it("keeps when the version last rose, a menu edit included (the sitemap's lastmod)", async () => {
    const { restaurant, category } = await restaurantWithCategory('Dated');
    const changedAt = async () =>
      Number((await run(`select (extract(epoch from version_changed_at) * 1000000)::bigint as at from restaurants where id = ${restaurant}`))[0]?.at);
    const before = await changedAt();
    await run(`insert into menu_items (category_id, name, price) values (${category}, 'Margherita', 9)`);
    expect(await changedAt()).toBeGreaterThan(before);
  });

  it('lets a restaurant with a menu be deleted, children and all', async () => {
    const { restaurant, category } = await restaurantWithCategory('Gone');
    await run(`insert into menu_items (category_id, name, price) values (${category}, 'Margherita', 9)`);
    await run(`delete from restaurants where id = ${restaurant}`);
    expect(await run(`select id from categories where id = ${category}`)).toEqual([]);
  });
});
