import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS, whileLocked } from './advisory-locks';
import { acquireDataDirLock } from './data-dir-lock';
import { listenOnOwnConnection, type ChannelHandlers } from './notification-listener';
import * as coreSchema from './schema';
import * as menuSchema from './schema-menu';
import * as onboardingSchema from './schema-onboarding';
import * as orderingSchema from './schema-ordering';
import * as territoriesSchema from './schema-territories';

/** Every table, one module per area (drizzle.config.ts lists the same files). */
const schema = { ...coreSchema, ...onboardingSchema, ...menuSchema, ...territoriesSchema, ...orderingSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One database handle, whichever engine is behind it. Same schema, migrations and queries for both. */
export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** True when the database answers a trivial query within the time-out. Never throws. */
  ping(timeoutMs?: number): Promise<boolean>;
  migrate(): Promise<void>;
  /** Plain parameterised SQL, for scripts and tests that read rows back. */
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * LISTEN on `channel` (NOTIFY from any session, this process's or another's); resolves once
   * listening, with the function that stops. PostgreSQL: a dedicated connection beside the pool
   * that listens again after a lost connection (`onReconnect`); PGlite: in this process.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** True when `select` settles within the time-out; never throws. */
async function answers(select: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  try {
    return await Promise.race([select().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The extensions the migrations create (pg_trgm: the inbox's email filter, migration 0005).
 * PGlite builds them in but loads only those it is given, so every PGlite opened on this
 * schema (a data folder, a test template, a copy of one) must be given these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** What the engines take beside their connection. */
export type DatabaseOptions = {
  /** Told every statement Drizzle sends: tests and benches count a request's statements with it. */
  queryLogger?: Logger;
  /**
   * PostgreSQL only: `statement_timeout` and `idle_in_transaction_session_timeout` of every pooled
   * connection, so no statement, and no transaction left idle, holds a connection longer (issue
   * 28). PGlite runs inside this process: nothing can interrupt its statement while it runs, so
   * there the contracts' bounds on what one request may write are the guard.
   */
  statementTimeoutMs?: number;
};

/** Well above any statement the server sends (the largest take milliseconds); DATABASE_STATEMENT_TIMEOUT_MS. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/** Wraps an open PGlite instance (a folder on disk, or an in-memory copy in tests). */
export function fromPglite(client: PGlite, { queryLogger }: DatabaseOptions = {}): Database {
  const db = drizzlePglite({ client, schema, ...(queryLogger ? { logger: queryLogger } : {}) });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    ping: (timeoutMs = 2000) => answers(() => db.execute(sql`select 1`), timeoutMs),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    // One connection, one process: it is never lost, so there is nothing to listen again for.
    listen: async (channel, { onPayload }) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

type PoolLogger = { error(details: object, message: string): void };

/**
 * A pool that takes back a checked-out client the moment its connection ends. Drizzle's
 * `transaction()` checks a client out, sends `begin` and only then enters the block whose
 * `finally` releases it: when `begin` itself fails (the database restarting), the client is
 * never released, and each such leak shrinks the pool for good until every request waits for a
 * connection that never comes. Taken back here, the dead client is discarded and replaced; the
 * later `release()` of whoever still holds it does nothing.
 */
class ReclaimingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // The callback form is pool.query()'s, which releases on every path itself.
    if (callback) return super.connect(callback);
    return super.connect().then(reclaimedWhenEnded);
  }
}

function reclaimedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(error);
  };
  const onEnd = () => giveBack(new Error('database connection ended while checked out'));
  client.once('end', onEnd);
  client.release = giveBack;
  return client;
}

/** A pooled connection to a real PostgreSQL server. */
export function fromPostgresUrl(
  url: string,
  poolMax: number,
  logger?: PoolLogger,
  { queryLogger, statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS }: DatabaseOptions = {},
): Database {
  const pool = new ReclaimingPool({
    connectionString: url,
    max: poolMax,
    // Sent as start-up parameters of each connection: no extra round trip per checkout.
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (a restart, a network blip) must not crash the process;
  // the pool drops it and the next query opens a new connection.
  pool.on('error', (error) => logger?.error({ err: error }, 'idle database connection failed'));
  // The pool listens only to idle clients. One checked out for a transaction that loses its
  // server (pg_terminate_backend, a pooler, a failover) emits 'error' on the client itself, and
  // an 'error' event nobody listens to ends the process. Its query in flight fails on its own
  // (the request answers 503) and the released client is discarded, so logging is all that is left.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.error({ err: error }, 'database connection in use failed'));
  });
  // Health's own connection (issue 28): "is the database reachable" must not wait until a pool
  // that busy requests fill gives a connection back; ten long writes once made it answer 503.
  const pingPool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
  });
  pingPool.on('error', (error) => logger?.error({ err: error }, 'idle health-check connection failed'));
  const db = drizzlePostgres({ client: pool, schema, ...(queryLogger ? { logger: queryLogger } : {}) });
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    ping: (timeoutMs = 2000) => answers(() => pingPool.query('select 1'), timeoutMs),
    // Several processes starting at once migrate one after the other; the later ones find nothing to do.
    migrate: () => whileLocked(pool, ADVISORY_LOCKS.migrations, () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    query: async (text, params) => (await pool.query<Record<string, unknown>>(text, params)).rows,
    listen: (channel, handlers) => listenOnOwnConnection(url, channel, handlers, { logger }),
    close: async () => {
      await Promise.all([pool.end(), pingPool.end()]);
    },
  };
}

/**
 * PostgreSQL when a URL is given, else the embedded PGlite database under `<dataDir>/pgdata`,
 * held under the data folder's lock until closed (throws DataDirLockedError when another live
 * process holds it). `purpose` names this process to whoever is refused.
 */
export async function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string; databasePoolMax: number; databaseStatementTimeoutMs?: number },
  { logger, purpose = 'another process' }: { logger?: PoolLogger; purpose?: string } = {},
): Promise<Database> {
  if (options.databaseUrl) {
    return fromPostgresUrl(options.databaseUrl, options.databasePoolMax, logger, { statementTimeoutMs: options.databaseStatementTimeoutMs });
  }
  const folder = join(options.dataDir, 'pgdata');
  await mkdir(folder, { recursive: true });
  const lock = await acquireDataDirLock(options.dataDir, purpose);
  let database: Database;
  try {
    database = fromPglite(await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS }));
  } catch (error) {
    await lock.release();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        await lock.release();
      }
    },
  };
}
