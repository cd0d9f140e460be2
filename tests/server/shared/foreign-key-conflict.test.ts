/**
 * Issue 28, item 3: a write that meets a foreign-key violation (a row it names removed by a request
 * running at the same time) answers 409 in the common error shape, never 500. The violation is a
 * real one of this run's engine (PGlite, or node-postgres with TEST_DATABASE_URL), both as Drizzle
 * wraps it and as the driver raises it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { categorySizes } from '#server/db/schema-menu';
import { FOREIGN_KEY_CONFLICT, toAnswer } from '#server/plugins/errors';
import { freshDatabase } from '../test-app';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh.dispose());

const rejection = (work: Promise<unknown>) =>
  work.then(
    () => new Error('the insert was accepted'),
    (error: Error) => error,
  );
const CONFLICT = { status: 409, body: { detail: FOREIGN_KEY_CONFLICT, code: 'conflict' } };

it('answers 409 for a foreign-key violation, through Drizzle and straight from the driver', async () => {
  const noCategory = 2_000_000_000;
  const wrapped = await rejection(fresh.database.db.insert(categorySizes).values({ categoryId: noCategory, name: 'Large', position: 1 }));
  expect(toAnswer(wrapped)).toEqual(CONFLICT);
  const bare = await rejection(fresh.database.query('insert into category_sizes (category_id, name, position) values ($1, $2, 1)', [noCategory, 'Large']));
  expect(toAnswer(bare)).toEqual(CONFLICT);
  expect(await fresh.database.query('select count(*)::int as n from category_sizes')).toEqual([{ n: 0 }]);
});
