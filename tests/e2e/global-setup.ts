import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose embedded database is created and migrated: each app starts on a copy. */
    e2eDataTemplate: string;
  }
}

/**
 * Creating and migrating an embedded database takes seconds; copying a migrated one takes a
 * fraction of that. Done once per run, for every browser test file's server.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'rp-e2e-template-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir: folder, databasePoolMax: 1 }, { purpose: 'the browser tests' });
  await database.migrate();
  await database.close();
  project.provide('e2eDataTemplate', folder);
  return () => rm(folder, { recursive: true, force: true });
}
