/**
 * Every change raises its restaurant's version (migration 0009), so two writers of one restaurant
 * that each hold a row the other then wants meet in a deadlock, which PostgreSQL breaks by
 * refusing one of them. That one answers 409 in the common error shape (nothing of it kept; the
 * same request again succeeds), never 500; the other commits.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SIMULTANEOUS_CHANGE, toAnswer } from '#server/plugins/errors';
import { freshDatabase } from '../test-app';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh.dispose());

it('answers 409 to the writer PostgreSQL refuses in a deadlock, and keeps the other', { timeout: 30_000 }, async () => {
  const run = (statement: string) => fresh.database.query(statement);
  const [restaurant] = await run(`insert into restaurants (name) values ('Luigi') returning id`);
  const [category] = await run(`insert into categories (restaurant_id, name) values (${restaurant!.id}, 'Pizza') returning id`);
  const items = await run(`insert into menu_items (category_id, name, price) values (${category!.id}, 'A', 1), (${category!.id}, 'B', 1) returning id`);
  const [a, b] = items.map((row) => Number(row.id));
  const { db } = fresh.database;
  let firstDone: () => void = () => undefined;
  const firstHoldsA = new Promise<void>((resolve) => (firstDone = resolve));
  // One writer changes A (raising the version: it now holds the restaurant row), waits, then B;
  // the other changes B (holding it) and then waits for the restaurant row the first holds.
  const first = db.transaction(async (tx) => {
    await tx.execute(sql`update menu_items set price = 2 where id = ${a}`);
    firstDone();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await tx.execute(sql`update menu_items set price = 2 where id = ${b}`);
  });
  const second = firstHoldsA.then(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`update menu_items set price = 3 where id = ${b}`);
    }),
  );
  const outcomes = await Promise.allSettled([first, second]);
  const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  expect(refused).toHaveLength(1);
  expect(toAnswer(refused[0]!.reason)).toEqual({ status: 409, body: { detail: SIMULTANEOUS_CHANGE, code: 'conflict' } });
});
