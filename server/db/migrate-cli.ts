// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { loadConfig } from '../config';
import { exitWith } from '../cli/exit-code';
import { DataDirLockedError } from './data-dir-lock';
import { openDatabase } from './database';

async function main(): Promise<number> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config, { purpose: 'db:migrate' });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The holder is most likely the server, which migrated when it started.
    console.error(
      `${error.message}\nThe server applies pending migrations when it starts, so a running server needs none. Stop it first to run db:migrate on its own.`,
    );
    return 1;
  }
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}${database.kind === 'pglite' ? `, ${config.dataDir}` : ''}).`);
    return 0;
  } finally {
    await database.close();
  }
}

exitWith(main);
