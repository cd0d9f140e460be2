import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, fromPglite, fromPostgresUrl } from '#server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) that each test file loads a private copy of. */
    pgliteTemplate: string;
    /** When TEST_DATABASE_URL is set: a migrated PostgreSQL database used as a CREATE DATABASE template. */
    postgresTemplateUrl: string | null;
    /** TEST_DATABASE_URL itself: where per-file databases are created and dropped. */
    postgresAdminUrl: string | null;
  }
}

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * Migrates once per run (PGlite takes seconds to initialise; loading a saved copy takes a
 * fraction of that) and, when TEST_DATABASE_URL is set, creates this run's own PostgreSQL
 * template database, dropped again at the end.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'rp-tests-'));
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(pglite);
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const templatePath = join(folder, 'pglite-template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', templatePath);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (adminUrl) {
    templateName = `rp_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const template = fromPostgresUrl(withDatabase(adminUrl, templateName), 2);
    await template.migrate();
    await template.close();
  }
  project.provide('postgresTemplateUrl', templateName && adminUrl ? withDatabase(adminUrl, templateName) : null);
  project.provide('postgresAdminUrl', adminUrl ?? null);

  return async () => {
    if (adminUrl && templateName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
    await rm(folder, { recursive: true, force: true });
  };
}
