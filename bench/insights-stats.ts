// The statistics calls (/stats/menu|general|analytics/) on PostgreSQL with 100,000 menu items
// over 300 restaurants: how long one request takes, platform-wide for an administrator, for one
// restaurant named by an administrator, and for an owner. Figures only: nothing here passes or
// fails, and again without the indexes it uses. Times are round trips on this machine, so an upper bound on the server's time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchAccessToken, createOwner, SECRET_KEY, signInWithRestaurant } from './owner';
import { withPostgresDatabase } from './postgres';
import { secondsTaken, timeGet, withAndWithoutIndexes } from './request-timing';
import { startServer } from './server';

const ITEMS = 100_000;
const RESTAURANTS = 300;
const CATEGORIES_PER_RESTAURANT = 10;
/**
 * The menu and onboarding migrations' indexes the counting leans on: timed again without them, to
 * show they serve the statistics (no index of its own was needed, docs/performance.md).
 */
const STATS_INDEXES = ['categories_restaurant_idx', 'menu_items_category_idx', 'extra_groups_category_idx'];
/** Requests timed one after another per case, after two not counted (plans cached, pages read). */
const RUNS = 15;

/**
 * The rest of the platform beside the owner's restaurant: places, categories (25 names shared
 * across restaurants), an extra group with 4 selections per category, a library and each
 * restaurant's own toppings; the menu items in one INSERT … SELECT over generate_series.
 */
async function fill(client: pg.Client): Promise<void> {
  const statements = [
    `insert into restaurants (name) select 'Bench ' || n from generate_series(2, ${RESTAURANTS}) n`,
    `insert into countries (name) select 'Country ' || n from generate_series(1, 3) n`,
    `insert into cities (country_id, state, name)
     select (select min(id) from countries) + n % 3, 'ST', 'City ' || n from generate_series(1, 40) n`,
    `insert into restaurant_locations (restaurant_id, city_id, street, zip_code)
     select r.id, (select min(id) from cities) + r.id % 40, '1 Main St', '10001' from restaurants r`,
    `insert into categories (restaurant_id, name)
     select r.id, 'Category ' || ((r.id + k) % 25) from restaurants r, generate_series(1, ${CATEGORIES_PER_RESTAURANT}) k`,
    `insert into menu_items (category_id, name, price)
     select (select min(id) from categories) + n % (select count(*) from categories), 'Item ' || n, 9.99
     from generate_series(1, ${ITEMS}) n`,
    `insert into extra_groups (category_id, name) select id, 'Extras' from categories`,
    `insert into extra_selections (group_id, name, price) select g.id, 'Extra ' || k, 1 from extra_groups g, generate_series(1, 4) k`,
    `insert into option_sets (name) select 'Set ' || n from generate_series(1, 5) n`,
    `insert into toppings (name) select 'Topping ' || n from generate_series(1, 20) n`,
    `insert into toppings (restaurant_id, name) select r.id, 'Own topping ' || k from restaurants r, generate_series(1, 5) k`,
    `insert into dressings (name) select 'Dressing ' || n from generate_series(1, 10) n`,
    'analyze',
  ];
  for (const statement of statements) await client.query(statement);
}

type Timing = { call: string; scope: string; p50_ms: number; max_ms: number };

async function timeCalls(serverUrl: string, tokens: { admin: string; owner: string }): Promise<Timing[]> {
  const scopes = [
    ['platform (administrator)', tokens.admin, ''],
    ['restaurant_id=150 (administrator)', tokens.admin, '?restaurant_id=150'],
    ['own restaurant (owner)', tokens.owner, ''],
  ] as const;
  const timings: Timing[] = [];
  for (const call of ['menu', 'general', 'analytics']) {
    for (const [scope, token, query] of scopes) {
      const { p50_ms, max_ms } = await timeGet(serverUrl, `/api/v2/stats/${call}/${query}`, token, RUNS);
      timings.push({ call, scope, p50_ms, max_ms });
    }
  }
  return timings;
}

async function benchOn(url: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-stats-'));
  const client = new pg.Client({ connectionString: url });
  try {
    const ownerId = await createOwner({ dataDir, databaseUrl: url });
    await client.connect();
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url, SECRET_KEY });
    try {
      // The owner's restaurant is the first; the fill adds the others around it.
      const owner = await signInWithRestaurant(server.url, ownerId);
      const { rows } = await client.query<{ id: number }>("insert into users (email, is_staff) values ('bench-staff@example.com', true) returning id");
      const admin = await benchAccessToken(rows[0]!.id);
      const fillSeconds = await secondsTaken(() => fill(client));
      return { fillSeconds, ...(await withAndWithoutIndexes(client, STATS_INDEXES, () => timeCalls(server.url, { admin, owner }))) };
    } finally {
      await server.stop();
    }
  } finally {
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchInsightStats(): Promise<void> {
  const result = await withPostgresDatabase(benchOn);
  if (!result) return;
  console.log(
    `\nGET /api/v2/stats/…/ with ${ITEMS.toLocaleString('en-US')} menu items over ${RESTAURANTS} restaurants (filled in ${result.fillSeconds} s), ` +
      `PostgreSQL, one request at a time, ${RUNS} each`,
  );
  console.log('With the indexes of migrations 0003 and 0004:');
  console.table(result.indexed);
  console.log(`Without them (${STATS_INDEXES.join(', ')} dropped):`);
  console.table(result.unindexed);
}
