import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDependencies } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { fromPglite, fromPostgresUrl, type Database } from '../../server/db/database';

/** Which engine these server tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const engine: Database['kind'] = inject('postgresTemplateUrl') ? 'postgres' : 'pglite';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent-static-dir', DATA_DIR: '/nonexistent-data-dir',
      // Fixed, so no secret file is generated; tests that need another pass their own.
      SECRET_KEY: 'test-secret-key-with-at-least-32-characters',
    }),
    ...overrides,
  };
}

/**
 * A fresh, migrated database private to the caller: a copy of the PGlite template, or a
 * PostgreSQL database cloned from this run's template and dropped by `dispose`.
 */
export async function freshDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) {
    const tarball = await readFile(inject('pgliteTemplate'));
    const database = fromPglite(await PGlite.create({ loadDataDir: new Blob([tarball]) }));
    return { database, dispose: () => database.close() };
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
  const database = fromPostgresUrl(url.toString(), 4);
  return {
    database,
    dispose: async () => {
      await database.close().catch(() => undefined);
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/** A whole server on a fresh database, driven through app.inject(). */
export async function createTestApp(
  options: { config?: Partial<Config> } & Omit<AppDependencies, 'database'> = {},
): Promise<TestApp> {
  const { database, dispose } = await freshDatabase();
  const { config, ...dependencies } = options;
  // A cheap scrypt cost unless a test asks for another: the production cost takes ~0.3 s a hash.
  const app = await buildApp(testConfig(config), { scrypt: { N: 1024, r: 8, p: 1 }, ...dependencies, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}
