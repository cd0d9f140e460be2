// `npm run images:migrate`: moves images uploaded before the image store (files in
// DATA_DIR/uploads) into the database, where every server process reads them. Safe to run again.
import { join } from 'node:path';
import { loadConfig } from '../config';
import { exitWith } from './exit-code';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { moveUploadsIntoStore } from '../domain/shared/image-migration';

async function main(): Promise<number> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config, { purpose: 'images:migrate' });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message}\nStop the server first: the embedded database opens in one process at a time.`);
    return 1;
  }
  try {
    // The store's tables come with the migrations, which a server that never started has not run.
    await database.migrate();
    const uploadsDir = join(config.dataDir, 'uploads');
    const { moved, missing } = await moveUploadsIntoStore(database.db, uploadsDir);
    console.log(
      moved === 0 && missing.length === 0
        ? 'No uploaded images left to move: every image is in the database.'
        : `Moved ${moved} uploaded image(s) from ${uploadsDir} into the database.`,
    );
    if (missing.length > 0) console.error(`${missing.length} recorded image(s) have no file in ${uploadsDir} and stay unserved: ${missing.join(', ')}`);
    return 0;
  } finally {
    await database.close();
  }
}

exitWith(main);
