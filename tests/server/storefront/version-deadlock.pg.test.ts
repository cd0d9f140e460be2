/**
 * Every change raises its restaurant's version (migrations 0009 and 0011). Raised in the statement
 * that changed a row, the restaurant's row lock was taken while the transaction still had rows to
 * change, and two writers of one restaurant deadlocked (a size deleted while dishes priced in it
 * were created); raised at commit, they only queue. A deadlock of the writers' own making (rows
 * taken in opposite orders) still answers 409 in the common error shape, never 500.
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

const run = (statement: string) => fresh.database.query(statement);

async function twoItems(): Promise<{ restaurant: number; a: number; b: number }> {
  const [restaurant] = await run(`insert into restaurants (name) values ('Luigi') returning id`);
  const [category] = await run(`insert into categories (restaurant_id, name) values (${restaurant!.id}, 'Pizza') returning id`);
  const items = await run(`insert into menu_items (category_id, name, price) values (${category!.id}, 'A', 1), (${category!.id}, 'B', 1) returning id`);
  const [a, b] = items.map((row) => Number(row.id));
  return { restaurant: Number(restaurant!.id), a: a!, b: b! };
}

/**
 * Two writers side by side: the first changes `firstRows` one by one with a pause after the first,
 * the second begins once the first holds its first row and changes `secondRows`.
 */
function sideBySide(firstRows: number[], secondRows: number[]) {
  const { db } = fresh.database;
  let firstHolds: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (firstHolds = resolve));
  const write = (rows: number[], price: number, afterFirst: () => Promise<void>) =>
    db.transaction(async (tx) => {
      for (const [index, id] of rows.entries()) {
        await tx.execute(sql`update menu_items set price = ${price} where id = ${id}`);
        if (index === 0) await afterFirst();
      }
    });
  const one = write(firstRows, 2, async () => {
    firstHolds();
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  const two = held.then(() => write(secondRows, 3, async () => undefined));
  return Promise.allSettled([one, two]);
}

it('lets two writers of one restaurant both commit, one after the other, and raises its version for each', { timeout: 30_000 }, async () => {
  const { restaurant, a, b } = await twoItems();
  const [before] = await run(`select version from restaurants where id = ${restaurant}`);
  // The first changes A, then B; the second changes B meanwhile and commits; the first waits for B.
  const outcomes = await sideBySide([a, b], [b]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
  const [after] = await run(`select version from restaurants where id = ${restaurant}`);
  expect(Number(after!.version)).toBe(Number(before!.version) + 2);
});

it('answers 409 to the writer PostgreSQL refuses in a deadlock of their own rows', { timeout: 30_000 }, async () => {
  const { a, b } = await twoItems();
  // The first takes A then B, the second B then A.
  const outcomes = await sideBySide([a, b], [b, a]);
  const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  expect(refused).toHaveLength(1);
  expect(toAnswer(refused[0]!.reason)).toEqual({ status: 409, body: { detail: SIMULTANEOUS_CHANGE, code: 'conflict' } });
});
