import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#server/db/database';
import { DRIZZLE_VERSION_READ, preparedWithReader } from '#server/db/prepared-query';
import { freshDatabase } from '../test-app';

/**
 * server/db/prepared-query.ts leans on drizzle-orm's internal `session.prepareQuery`. An upgrade of
 * Drizzle must meet this file before it meets a list page: each check names the versions involved.
 */
const installed = (JSON.parse(readFileSync(new URL('../../../node_modules/drizzle-orm/package.json', import.meta.url), 'utf8')) as { version: string }).version;
const upgrade = `drizzle-orm ${installed} is installed; server/db/prepared-query.ts was written against its internal session.prepareQuery of ${DRIZZLE_VERSION_READ}`;

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await freshDatabase());
});
afterAll(() => dispose());

const query = new PgDialect().sqlToQuery(
  sql`select ${sql.placeholder('n')}::int + 1, ${sql.placeholder('word')}::text, 'fixed' union all select 0, 'second', null`,
);

describe('the prepared query behind the list pages', () => {
  it('runs on the drizzle-orm it was read against', () => {
    expect(installed, `${upgrade}: check that signature in node_modules/drizzle-orm/pg-core/session.d.ts, then update DRIZZLE_VERSION_READ`).toBe(
      DRIZZLE_VERSION_READ,
    );
  });

  it('hands its reader the rows as arrays in the select order, with each run’s values, under its name', async () => {
    const reads: unknown[][][] = [];
    const prepared = preparedWithReader(database.db, query, 'prepared_query_test', (rows) => {
      reads.push(rows);
      return rows.length;
    });
    expect(await prepared.execute({ n: 41, word: 'first' }), upgrade).toBe(2);
    // The same named statement again, with other values: parsed once, run twice.
    expect(await prepared.execute({ n: 1, word: 'again' }), upgrade).toBe(2);
    expect(reads, upgrade).toEqual([
      [
        [42, 'first', 'fixed'],
        [0, 'second', null],
      ],
      [
        [2, 'again', 'fixed'],
        [0, 'second', null],
      ],
    ]);
  });

  it('refuses at once, naming the version it was read against, when the session has no prepareQuery', () => {
    // A stand-in for a Drizzle whose session lost the method.
    const without = { _: { session: {} } } as unknown as Db;
    expect(() => preparedWithReader(without, query, '', (rows) => rows)).toThrow(`read in drizzle-orm ${DRIZZLE_VERSION_READ}`);
  });
});
