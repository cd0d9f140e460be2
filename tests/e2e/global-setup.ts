import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS } from '#server/db/database';
import { migratedTemplate } from '../support/migrated-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose embedded database is created and migrated: each worker's databases are copies of it. */
    e2eDataTemplate: string;
  }
}

/**
 * Creating and migrating an embedded database takes seconds; copying a migrated one takes a
 * fraction of that. One data folder per run, unpacked from the migrated template
 * (tests/support/migrated-template.ts), for every browser test worker's databases (tests/e2e/harness.ts).
 */
export default async function setup(project: TestProject) {
  // The workers' TMPDIR (vitest.e2e.config.ts): theirs to fill, removed with all in it at the end.
  const workersTmp = project.config.env.TMPDIR;
  if (workersTmp) await mkdir(workersTmp, { recursive: true });
  const folder = await mkdtemp(join(tmpdir(), 'rp-e2e-template-'));
  const unpacked = await PGlite.create(join(folder, 'pgdata'), {
    loadDataDir: new Blob([await readFile(await migratedTemplate())]),
    extensions: PGLITE_EXTENSIONS,
  });
  await unpacked.close();
  project.provide('e2eDataTemplate', folder);
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (workersTmp) await rm(workersTmp, { recursive: true, force: true });
  };
}
