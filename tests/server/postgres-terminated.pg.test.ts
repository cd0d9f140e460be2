// Runs only against real PostgreSQL (TEST_DATABASE_URL): the database ends this server's
// connections while a transaction holds one, as an idle-session limit, a pooler or a failover
// does (issue 16: the process died of an unhandled 'error' event on the checked-out client).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgresUrl, type Database } from '#server/db/database';
import { freshDatabase } from './test-app';

describe('PostgreSQL ending the server’s connections', () => {
  let database: Database;
  let admin: Database;
  let dispose: () => Promise<void>;
  const errors: unknown[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    dispose = fresh.dispose;
    const [row] = await fresh.database.query('select current_database() as name');
    await fresh.database.close();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${String(row?.name)}`;
    // One connection: the query after the failure must get a new one in its place.
    database = fromPostgresUrl(url.toString(), 1, { error: (details) => errors.push(details) });
    admin = fromPostgresUrl(process.env.TEST_DATABASE_URL!, 1);
  });
  afterAll(async () => {
    await database?.close();
    await admin?.close();
    await dispose?.();
  });

  it('fails the transaction in flight, keeps the process alive, and serves the next query on a new connection', async () => {
    const [{ name } = {}] = await database.query('select current_database() as name');
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inside();
      await tx.execute(sql`select pg_sleep(5)`);
    });
    const outcome = transaction.then(
      () => 'committed',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await started;
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);

    expect(await outcome).not.toBe('committed');
    // Still alive (an unhandled 'error' event would have failed this run), and working again.
    expect(await database.query('select 41 + 1 as answer')).toEqual([{ answer: 42 }]);
    expect(errors.length).toBeGreaterThan(0);
  }, 30_000);
});
