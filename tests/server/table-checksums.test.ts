/** The hostile fuzz test's cheap test for "no row changed" (tests/server/table-checksums.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './test-app';
import { nextTransactionId, tableChecksums } from './table-checksums';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh?.dispose());

describe('nextTransactionId', () => {
  it('stays while only reads run, and moves with a write, committed or rolled back', { timeout: 30_000 }, async () => {
    const { database } = fresh;
    const start = await nextTransactionId(database);
    await tableChecksums(database);
    await database.query('select count(*) from restaurants');
    expect(await nextTransactionId(database)).toBe(start);

    await database.query("insert into restaurants (name, slug) values ('Ada', 'ada')");
    const afterInsert = await nextTransactionId(database);
    expect(afterInsert).not.toBe(start);

    await database.query('begin');
    await database.query("update restaurants set name = 'Bea' where slug = 'ada'");
    await database.query('rollback');
    expect(await nextTransactionId(database)).not.toBe(afterInsert);
  });
});
