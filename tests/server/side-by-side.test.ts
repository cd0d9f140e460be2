// Independent reads run side by side on the pool but one after another inside a transaction,
// whose one connection node-postgres would otherwise queue them on with a deprecation warning
// (refused from pg 9 on): seen in issue 30's orders bench, where placing an order reads the store
// inside the order's transaction.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { sideBySide } from '../../server/db/side-by-side';
import { selectRows } from '../../server/domain/shared/raw-rows';
import { freshDatabase } from './test-app';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh.dispose();
});

/** Two reads that write down when each starts and ends. */
function recordedReads(db: Db) {
  const steps: string[] = [];
  const read = (name: string) => async () => {
    steps.push(`${name} starts`);
    const [row] = await selectRows<{ name: string }>(db, sql`select ${name}::text as name`);
    steps.push(`${name} ends`);
    return row!.name;
  };
  return { steps, reads: [read('first'), read('second')] as const };
}

describe('sideBySide', () => {
  it('starts every read at once on the pool and answers in the order asked', { timeout: 10_000 }, async () => {
    const { steps, reads } = recordedReads(fresh.database.db);
    expect(await sideBySide(fresh.database.db, reads)).toEqual(['first', 'second']);
    expect(steps.slice(0, 2)).toEqual(['first starts', 'second starts']);
  });

  it('runs them one after another inside a transaction', { timeout: 10_000 }, async () => {
    const answers = await fresh.database.db.transaction(async (tx) => {
      const { steps, reads } = recordedReads(tx);
      return { results: await sideBySide(tx, reads), steps };
    });
    expect(answers.results).toEqual(['first', 'second']);
    expect(answers.steps).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });
});
