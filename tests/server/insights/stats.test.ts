import { beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsStats, GeneralStats, MenuStats, STATS_TOP } from '#contracts/insights';
import { parseWith } from '#contracts/shared/validation';
import { restaurants } from '#server/db/schema';
import { categories, dressings, extraGroups, extraSelections, menuItems, optionSets, toppings } from '#server/db/schema-menu';
import { cities, countries, restaurantLocations } from '#server/db/schema-onboarding';
import { menuAppForFile, ownerWithRestaurant, staff, superadmin, userWithoutRestaurant, type Caller } from '../menu/menu-helpers';

/**
 * The statistics calls against rows each test made: two restaurants with menus and locations,
 * a third located in one of their cities with no menu, and a platform library.
 */
const { t, api } = menuAppForFile();
beforeEach(async () => {
  const tables = await t.database.query("select tablename from pg_tables where schemaname = 'public'");
  await t.database.query(`truncate table ${tables.map((row) => `"${String(row.tablename)}"`).join(', ')} restart identity cascade`);
});

type World = { ownerA: Caller; ownerB: Caller; restaurantA: number; restaurantB: number };

async function category(restaurantId: number, name: string, items: number, extras: number[] = []) {
  const db = t.database.db;
  const [row] = await db.insert(categories).values({ restaurantId, name }).returning();
  const categoryId = row!.id;
  if (items > 0) await db.insert(menuItems).values(Array.from({ length: items }, (_, n) => ({ categoryId, name: `${name} ${n + 1}` })));
  for (const selections of extras) {
    const [group] = await db
      .insert(extraGroups)
      .values({ categoryId, name: `${name} extras` })
      .returning();
    if (selections > 0) await db.insert(extraSelections).values(Array.from({ length: selections }, (_, n) => ({ groupId: group!.id, name: `Extra ${n + 1}` })));
  }
}

async function locate(restaurantId: number, country: string, city: string) {
  const db = t.database.db;
  const [countryRow] = await db.insert(countries).values({ name: country }).onConflictDoNothing().returning();
  const countryId = countryRow?.id ?? ((await t.database.query('select id from countries where name = $1', [country]))[0]!.id as number);
  const [cityRow] = await db.insert(cities).values({ countryId, state: 'State', name: city }).onConflictDoNothing().returning();
  const cityId = cityRow?.id ?? ((await t.database.query('select id from cities where name = $1', [city]))[0]!.id as number);
  await db.insert(restaurantLocations).values({ restaurantId, cityId, street: '1 Main St', zipCode: '10001' });
}

async function world(): Promise<World> {
  const ownerA = await ownerWithRestaurant(t, 'a@example.com');
  const ownerB = await ownerWithRestaurant(t, 'b@example.com');
  const restaurantA = ownerA.restaurantId!;
  const restaurantB = ownerB.restaurantId!;
  await category(restaurantA, 'Pizza', 3, [2]);
  await category(restaurantA, 'Salads', 1);
  await category(restaurantA, 'Drinks', 0);
  await category(restaurantB, 'Pizza', 2, [1]);
  const [third] = await t.database.db.insert(restaurants).values({ name: 'Third' }).returning();
  await locate(restaurantA, 'Canada', 'Toronto');
  await locate(restaurantB, 'United States', 'Austin');
  await locate(third!.id, 'United States', 'Austin');
  const db = t.database.db;
  await db.insert(optionSets).values([{ name: 'Crust' }, { name: 'Sauce' }]);
  await db.insert(toppings).values([{ name: 'Olives' }, { name: 'Basil' }, { name: 'Onion' }, { name: 'House topping', restaurantId: restaurantA }]);
  await db.insert(dressings).values([{ name: 'Ranch' }, { name: 'House dressing', restaurantId: restaurantB }]);
  return { ownerA, ownerB, restaurantA, restaurantB };
}

/** What a restaurant can use is the library (2 sets, 3 toppings, 1 dressing) and its own rows. */
const breakdown = (primaryOptions: number, toppingCount: number, dressingCount: number) => [
  { name: 'Primary options', value: primaryOptions },
  { name: 'Toppings', value: toppingCount },
  { name: 'Dressings', value: dressingCount },
];

async function stats(kind: 'menu' | 'general' | 'analytics', caller: Caller | null, query = '') {
  return api.get(`/stats/${kind}/${query}`, caller);
}

describe('GET /stats/menu/', () => {
  it("gives an owner their active restaurant's figures, and the option sets they can use: their own and the library's", async () => {
    const { ownerA } = await world();
    const answer = await stats('menu', ownerA);
    expect(answer.status).toBe(200);
    expect(parseWith(MenuStats, answer.body)).toEqual({
      counts: { countries: 1, cities: 1, restaurants: 1, categories: 3, menuItems: 4, optionGroups: 1, options: 2 },
      restaurantsByCity: [{ name: 'Toronto', value: 1 }],
      // The library's and restaurant A's own topping; not B's dressing.
      optionGroupBreakdown: breakdown(2, 4, 1),
      itemsPerCategory: [
        { name: 'Pizza', value: 3 },
        { name: 'Salads', value: 1 },
        { name: 'Drinks', value: 0 },
      ],
    });
  });

  it("gives an administrator the platform's figures, categories of one name counted together", async () => {
    await world();
    const answer = await stats('menu', await staff(t, 'staff@example.com'));
    expect(answer.status).toBe(200);
    expect(parseWith(MenuStats, answer.body)).toEqual({
      counts: { countries: 2, cities: 2, restaurants: 3, categories: 4, menuItems: 6, optionGroups: 2, options: 3 },
      restaurantsByCity: [
        { name: 'Austin', value: 2 },
        { name: 'Toronto', value: 1 },
      ],
      // Every restaurant's rows and the library's.
      optionGroupBreakdown: breakdown(2, 4, 2),
      itemsPerCategory: [
        { name: 'Pizza', value: 5 },
        { name: 'Salads', value: 1 },
        { name: 'Drinks', value: 0 },
      ],
    });
  });

  it("gives an administrator one restaurant's figures with restaurant_id", async () => {
    const { restaurantB } = await world();
    const answer = await stats('menu', await superadmin(t, 'root@example.com'), `?restaurant_id=${restaurantB}`);
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toEqual({ countries: 1, cities: 1, restaurants: 1, categories: 1, menuItems: 2, optionGroups: 1, options: 1 });
    expect(answer.body.restaurantsByCity).toEqual([{ name: 'Austin', value: 1 }]);
    expect(answer.body.itemsPerCategory).toEqual([{ name: 'Pizza', value: 2 }]);
    expect(answer.body.optionGroupBreakdown).toEqual(breakdown(2, 3, 2));
  });

  it('ranks at most the top 12 categories, most first, ties by name', async () => {
    const { ownerA } = await world();
    for (let n = 1; n <= STATS_TOP; n += 1) await category(ownerA.restaurantId!, `Tie ${String(n).padStart(2, '0')}`, 2);
    const answer = await stats('menu', ownerA);
    expect(answer.body.itemsPerCategory).toHaveLength(STATS_TOP);
    expect(answer.body.itemsPerCategory[0]).toEqual({ name: 'Pizza', value: 3 });
    expect(answer.body.itemsPerCategory.slice(1).map((entry: { name: string }) => entry.name)).toEqual(
      Array.from({ length: STATS_TOP - 1 }, (_, n) => `Tie ${String(n + 1).padStart(2, '0')}`),
    );
  });

  it('answers zeros and empty lists for a restaurant with nothing yet', async () => {
    const owner = await ownerWithRestaurant(t, 'new@example.com');
    const answer = await stats('menu', owner);
    expect(answer.body).toEqual({
      counts: { countries: 0, cities: 0, restaurants: 1, categories: 0, menuItems: 0, optionGroups: 0, options: 0 },
      restaurantsByCity: [],
      optionGroupBreakdown: [
        { name: 'Primary options', value: 0 },
        { name: 'Toppings', value: 0 },
        { name: 'Dressings', value: 0 },
      ],
      itemsPerCategory: [],
    });
  });
});

describe('GET /stats/general/ and /stats/analytics/', () => {
  it("give an owner their restaurant's figures and an administrator the platform's", async () => {
    const { ownerA, ownerB } = await world();
    const admin = await staff(t, 'staff@example.com');
    const ownGeneral = await stats('general', ownerB);
    expect(parseWith(GeneralStats, ownGeneral.body)).toEqual({ restaurants: 1, cities: 1, menuItems: 2, categories: 1 });
    const platformGeneral = await stats('general', admin);
    expect(parseWith(GeneralStats, platformGeneral.body)).toEqual({ restaurants: 3, cities: 2, menuItems: 6, categories: 4 });
    const ownAnalytics = await stats('analytics', ownerB);
    expect(parseWith(AnalyticsStats, ownAnalytics.body)).toEqual({
      currency: 'USD',
      countries: 1,
      cities: 1,
      restaurants: 1,
      menuItems: 2,
      categories: 1,
      optionGroups: 1,
      options: 1,
      itemsPerCategory: [{ name: 'Pizza', value: 2 }],
    });
    const platformAnalytics = await stats('analytics', admin);
    expect(parseWith(AnalyticsStats, platformAnalytics.body)).toEqual({
      currency: 'USD',
      countries: 2,
      cities: 2,
      restaurants: 3,
      menuItems: 6,
      categories: 4,
      optionGroups: 2,
      options: 3,
      itemsPerCategory: [
        { name: 'Pizza', value: 5 },
        { name: 'Salads', value: 1 },
        { name: 'Drinks', value: 0 },
      ],
    });
    // Revenue is written in the restaurant's currency: A is in Canada.
    expect(parseWith(AnalyticsStats, (await stats('analytics', ownerA)).body).currency).toBe('CAD');
  });
});

describe('who may ask', () => {
  const KINDS = ['menu', 'general', 'analytics'] as const;

  it('answers 401 without a token, whatever the query', async () => {
    for (const kind of KINDS) {
      const answer = await stats(kind, null, '?restaurant_id=abc');
      expect(answer.status).toBe(401);
    }
  });

  it("refuses an owner another restaurant's figures with 404, as for one that does not exist", async () => {
    const { ownerA, restaurantA, restaurantB } = await world();
    for (const kind of KINDS) {
      for (const id of [restaurantB, 9999]) {
        const answer = await stats(kind, ownerA, `?restaurant_id=${id}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ code: 'not_found', detail: 'Restaurant not found.' });
      }
      expect((await stats(kind, ownerA, `?restaurant_id=${restaurantA}`)).status).toBe(200);
    }
  });

  it('answers an administrator 404 for a restaurant that does not exist', async () => {
    await world();
    const answer = await stats('menu', await staff(t, 'staff@example.com'), '?restaurant_id=9999');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not_found');
  });

  it('answers 400 no_active_restaurant to an owner with no active restaurant', async () => {
    await world();
    const nobody = await userWithoutRestaurant(t, 'nobody@example.com');
    for (const kind of KINDS) {
      const answer = await stats(kind, nobody);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'no_active_restaurant', detail: 'No active restaurant selected.' });
    }
  });

  it('answers 400 naming the field for a restaurant_id that is not an id', async () => {
    const { ownerA } = await world();
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const answer = await stats('menu', ownerA, `?restaurant_id=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.fields).toHaveProperty('restaurant_id');
    }
  });

  it('answers 400 to a parameter it does not know', async () => {
    const { ownerA } = await world();
    const answer = await stats('general', ownerA, '?restaurant=1');
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('restaurant');
  });
});
