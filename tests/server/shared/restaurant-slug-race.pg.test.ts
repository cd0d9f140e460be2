/**
 * A launched store renamed at the very moment an administrator creates a restaurant whose address
 * is the store's old one (PostgreSQL only: PGlite has one connection and cannot interleave them).
 * The new restaurant's look at the former addresses comes before the rename commits, its insert
 * after: migration 0014's trigger then refuses the old address in the unique constraint's name.
 * That refusal answered 500; now an address made from the name takes the next free suffix and a
 * named one is taken (409), as when the look had seen it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toAnswer } from '#server/plugins/errors';
import { createRestaurant } from '#server/domain/shared/restaurants';
import { freshDatabase } from '../test-app';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh.dispose());

const run = (statement: string) => fresh.database.query(statement);

/** A launched store at `slug` (its former addresses are kept once it is renamed). */
async function launchedStore(slug: string): Promise<number> {
  const [owner] = await run(`insert into users (email) values ('${slug}@example.com') returning id`);
  const [restaurant] = await run(`insert into restaurants (name, slug) values ('Pizza Loco', '${slug}') returning id`);
  await run(`insert into onboardings (restaurant_id, owner_id, launched_at) values (${restaurant!.id}, ${owner!.id}, now())`);
  return Number(restaurant!.id);
}

/**
 * Renames the store in a transaction held open until `create` is waiting on the trigger's lock
 * of the old address, then commits: `create` meets the former address only in its insert.
 */
async function createWhileRenamed(store: number, from: string, create: () => Promise<unknown>): Promise<PromiseSettledResult<unknown>> {
  const { db } = fresh.database;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let renaming: () => void = () => undefined;
  const renamed = new Promise<void>((resolve) => (renaming = resolve));
  const rename = db.transaction(async (tx) => {
    await tx.execute(sql.raw(`update restaurants set slug = '${from}-moved' where id = ${store}`));
    renaming();
    await released;
  });
  await renamed;
  const created = Promise.allSettled([create()]).then(([outcome]) => outcome!);
  // The creating transaction waits on the advisory lock the rename's trigger holds (at most 10 s).
  for (let look = 0; look < 100; look += 1) {
    const [waiting] = await run(`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`);
    if (Number(waiting!.n) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  release();
  await rename;
  return created;
}

it('gives a restaurant named like a store renamed meanwhile the next free address, never a 500', { timeout: 30_000 }, async () => {
  const store = await launchedStore('pizza-loco');
  const outcome = await createWhileRenamed(store, 'pizza-loco', () => fresh.database.db.transaction((tx) => createRestaurant(tx, { name: 'Pizza Loco' })));
  expect(outcome.status === 'fulfilled' ? outcome.value : toAnswer(outcome.reason)).toMatchObject({ slug: 'pizza-loco-2' });
  const [kept] = await run(`select restaurant_id from store_slug_history where slug = 'pizza-loco'`);
  expect(Number(kept!.restaurant_id)).toBe(store);
});

it('refuses the store’s former address, named outright meanwhile, with 409 slug_taken', { timeout: 30_000 }, async () => {
  const store = await launchedStore('blue-door');
  const outcome = await createWhileRenamed(store, 'blue-door', () =>
    fresh.database.db.transaction((tx) => createRestaurant(tx, { name: 'Blue Door Two', slug: 'blue-door' })),
  );
  expect(outcome.status).toBe('rejected');
  expect(toAnswer((outcome as PromiseRejectedResult).reason)).toMatchObject({ status: 409, body: { code: 'slug_taken' } });
  const [count] = await run(`select count(*) as n from restaurants where name = 'Blue Door Two'`);
  expect(Number(count!.n)).toBe(0);
});
