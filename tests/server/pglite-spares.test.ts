import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '#server/db/database';
import { pgliteSpares } from '../support/pglite-spares';

// The kept databases the server and browser tests' files share (tests/support/pglite-spares.ts):
// the next file must find one as a fresh copy of the template, or get a fresh copy.
describe('the databases a worker keeps for its next file', () => {
  const opened: PGlite[] = [];
  const disposed: PGlite[] = [];
  const spares = pgliteSpares(async () => {
    const client = await PGlite.create({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]), extensions: PGLITE_EXTENSIONS });
    opened.push(client);
    return { client, dispose: async () => void disposed.push(client) };
  });
  const addUser = async (client: PGlite, email: string) =>
    (await client.query<{ id: number }>('insert into users (email) values ($1) returning id', [email])).rows[0]!.id;

  it('gives one back emptied, its identities restarted and its settings reset', async () => {
    const first = await spares.take();
    expect(await addUser(first, 'a@example.com')).toBe(1);
    expect(await addUser(first, 'b@example.com')).toBe(2);
    await first.exec("set timezone = 'Pacific/Auckland'");
    await spares.giveBack(first);

    const again = await spares.take();
    expect(again).toBe(first);
    expect((await again.query('select * from users')).rows).toEqual([]);
    expect(await addUser(again, 'c@example.com')).toBe(1);
    expect((await again.query<{ TimeZone: string }>('show timezone')).rows[0]?.TimeZone).not.toBe('Pacific/Auckland');
    await spares.giveBack(again);
    expect(disposed).toEqual([]);
  }, 30_000);

  it('closes for good one left in a transaction or closed by its user, and one whose schema changed when it is next asked for', async () => {
    const inTransaction = await spares.take();
    await inTransaction.exec('begin');
    await spares.giveBack(inTransaction);
    expect(inTransaction.closed).toBe(true);

    const closed = await spares.take();
    expect(closed).not.toBe(inTransaction);
    await closed.close();
    await spares.giveBack(closed);
    expect(disposed).toEqual([inTransaction, closed]);

    const changed = await spares.take();
    await changed.exec('alter table users rename to users_away');
    await spares.giveBack(changed);
    const next = await spares.take();
    expect(changed.closed).toBe(true);
    expect(disposed).toEqual([inTransaction, closed, changed]);
    expect(opened).toContain(next);
    expect([inTransaction, closed, changed]).not.toContain(next);
    expect((await next.query('select * from users')).rows).toEqual([]);
    await spares.giveBack(next);
  }, 60_000);
});
