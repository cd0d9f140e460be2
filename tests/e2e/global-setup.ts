import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose embedded database is created and migrated: each worker's databases are copies of it. */
    e2eDataTemplate: string;
  }
}

/**
 * Creating and migrating an embedded database takes seconds; copying a migrated one takes a
 * fraction of that. Done once per run, for every browser test worker's databases (tests/e2e/harness.ts).
 */
export default async function setup(project: TestProject) {
  // The workers' TMPDIR (vitest.e2e.config.ts): theirs to fill, removed with all in it at the end.
  const workersTmp = project.config.env.TMPDIR;
  if (workersTmp) await mkdir(workersTmp, { recursive: true });
  const folder = await mkdtemp(join(tmpdir(), 'rp-e2e-template-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir: folder, databasePoolMax: 1 }, { purpose: 'the browser tests' });
  await database.migrate();
  await database.close();
  project.provide('e2eDataTemplate', folder);
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (workersTmp) await rm(workersTmp, { recursive: true, force: true });
  };
}
