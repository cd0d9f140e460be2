import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, type AppDependencies } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import { PGLITE_EXTENSIONS, fromPglite, fromPostgresUrl, type Database, type DatabaseOptions } from '#server/db/database';
import { emptyEveryTable } from '../support/empty-tables';
import { pgliteSpares } from '../support/pglite-spares';
import { TEST_SCRYPT } from '../support/test-scrypt';

/** Which engine these server tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const engine: Database['kind'] = inject('postgresTemplateUrl') ? 'postgres' : 'pglite';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent-static-dir',
      DATA_DIR: '/nonexistent-data-dir',
      // Fixed, so no secret file is generated; tests that need another pass their own.
      SECRET_KEY: 'test-secret-key-with-at-least-32-characters',
    }),
    ...overrides,
  };
}

/**
 * Embedded databases this worker's earlier files have finished with, emptied, for the next
 * (tests/support/pglite-spares.ts): loading a copy of the template costs about 0.65 s of CPU,
 * emptying one 50 ms, and the server tests ask for some 70 of them a run.
 */
const pglites = pgliteSpares(async () => {
  const tarball = await readFile(inject('pgliteTemplate'));
  return { client: await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: PGLITE_EXTENSIONS }) };
});

/**
 * A fresh, migrated database private to the caller until `dispose`: an emptied PGlite copy of
 * the template (see `pglites`), or a PostgreSQL database cloned from this run's template (at
 * `url`) and dropped by `dispose`. Closing `database` itself closes it for good.
 */
export async function freshDatabase(options: DatabaseOptions = {}): Promise<{ database: Database; dispose: () => Promise<void>; url?: string }> {
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) {
    const client = await pglites.take();
    return { database: fromPglite(client, options), dispose: () => pglites.giveBack(client) };
  }
  const template = new URL(templateUrl);
  const name = `${template.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: inject('postgresAdminUrl') ?? undefined });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name} template ${template.pathname.slice(1)}`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const database = fromPostgresUrl(url.toString(), 4, undefined, options);
  return {
    database,
    /** For a test that hands the database to a server process of its own. */
    url: url.toString(),
    dispose: async () => {
      await database.close().catch(() => undefined);
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/**
 * A whole server, driven through app.inject(): on a fresh database, or on `database` (see
 * `emptiedBeforeEachTest`), which it then leaves open when it closes.
 */
export async function createTestApp(options: { config?: Partial<Config>; database?: Database } & Omit<AppDependencies, 'database'> = {}): Promise<TestApp> {
  const { database, dispose } = options.database ? { database: options.database, dispose: async () => undefined } : await freshDatabase();
  const { config, database: _given, ...dependencies } = options;
  // Every answer is checked against its route's documented contract; a breach answers 500 with
  // the breach in `detail` (the test's own assertion fails on it) and fails the test at close.
  const violations: string[] = [];
  // A cheap scrypt cost unless a test asks for another (tests/support/test-scrypt.ts).
  const app = await buildApp(testConfig(config), {
    scrypt: TEST_SCRYPT,
    onResponseViolation: (violation) => violations.push(violation),
    ...dependencies,
    // The app closes its database when it closes: this one is the caller's, or goes back by `dispose`.
    database: { ...database, close: async () => undefined },
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await dispose();
      if (violations.length > 0) throw new Error(`Answers broke their documented contracts:\n${violations.join('\n')}`);
    },
  };
}

/**
 * For a test file: one server (`createTestApp(options)`) started before the file's tests and
 * closed after them. The object returned is filled in, in place, by the time the tests run, so
 * that the file can build its clients on it at once: they read `t.app` at each call.
 */
export function testAppForFile(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  // A server that failed to start has nothing to close (its error is the one to read).
  afterAll(() => t.close?.());
  return t;
}

/** One database for a whole test file, made before its tests and disposed of after them: `database()` in a test. */
export function databaseForFile(): () => Database {
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(() => fresh?.dispose());
  return () => fresh!.database;
}

/**
 * One database for a whole test file, emptied before each test: for files that want a fresh
 * server per test (in-memory rate-limit counters, a clock of their own) without paying for a fresh
 * embedded database each time (about half a second). Pass `database()` to `createTestApp`.
 */
export function emptiedBeforeEachTest(): { database: () => Database } {
  const database = databaseForFile();
  beforeEach(() => emptyEveryTable((sql) => database().query(sql)));
  return { database };
}

/**
 * For a test file whose tests each want a server of their own and a clock they can move: before
 * each test the clock is set to `start` and a fresh server reading it starts on the file's
 * database, emptied first (emptiedBeforeEachTest); after the test it is closed. `t` is filled in,
 * in place, by the time each test runs; a test moves time with `clock.now = …`.
 */
export function clockedAppEachTest(start: string): { t: TestApp; clock: { now: Date } } {
  const shared = emptiedBeforeEachTest();
  const clock = { now: new Date(start) };
  const t = {} as TestApp;
  // This test's server only: one that failed to start has nothing to close (its error is the one to read).
  let close: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    clock.now = new Date(start);
    Object.assign(t, await createTestApp({ clock: () => clock.now, database: shared.database() }));
    close = t.close;
  });
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  return { t, clock };
}
