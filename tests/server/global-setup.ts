import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPostgresUrl } from '#server/db/database';
import { migratedTemplate } from '../support/migrated-template';

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
 * Hands every file the migrated embedded template (made once per set of migrations:
 * tests/support/migrated-template.ts) and, when TEST_DATABASE_URL is set, creates this run's own
 * PostgreSQL template database, dropped again at the end.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await migratedTemplate());

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
  };
}
