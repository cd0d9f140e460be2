import { describe, expect, it } from 'vitest';
import { emptyEveryTable } from '../support/empty-tables';
import { databaseForFile } from './test-app';

// What a kept database or a file's database between its tests must be after emptying
// (tests/support/empty-tables.ts): no row in any table, every identity back at its start, on
// whichever engine the run uses.
describe('emptying a test database', () => {
  const database = databaseForFile();

  const addUser = async (email: string) => Number((await database().query('insert into users (email) values ($1) returning id', [email]))[0]!.id);
  const rowsInEveryTable = async () => {
    const tables = await database().query("select tablename from pg_tables where schemaname = 'public'");
    const counts = await database().query(tables.map(({ tablename }) => `select count(*)::int as n from "${String(tablename)}"`).join(' union all '));
    return counts.reduce((sum, { n }) => sum + Number(n), 0);
  };

  it('leaves no row in any table and restarts the identities of the tables it emptied', async () => {
    expect(await addUser('a@example.com')).toBe(1);
    expect(await addUser('b@example.com')).toBe(2);
    await database().query("insert into restaurants (name, slug) values ('Luigi', 'luigi')");
    expect(await rowsInEveryTable()).toBeGreaterThanOrEqual(3);

    await emptyEveryTable((sql) => database().query(sql));
    expect(await rowsInEveryTable()).toBe(0);
    expect(await addUser('c@example.com')).toBe(1);
  });

  it('restarts an identity whose table ended empty on its own (rows deleted)', async () => {
    await emptyEveryTable((sql) => database().query(sql));
    await addUser('d@example.com');
    await addUser('e@example.com');
    await database().query('delete from users');

    await emptyEveryTable((sql) => database().query(sql));
    expect(await addUser('f@example.com')).toBe(1);
  });

  it('leaves an empty database as it was', async () => {
    await emptyEveryTable((sql) => database().query(sql));
    await emptyEveryTable((sql) => database().query(sql));
    expect(await rowsInEveryTable()).toBe(0);
    expect(await addUser('g@example.com')).toBe(1);
  });
});
