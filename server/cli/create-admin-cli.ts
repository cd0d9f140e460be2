// `npm run create-admin`: the command-line entry of create-admin.ts. Kept apart from that module,
// which the server imports too: a check such as "am I the script node was started with" would
// also be true inside the bundled server (dist-server/main.js), whose code includes that module.
import { loadConfig, type Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase, type Database } from '../db/database';
import { askAdminChannel } from './admin-channel';
import { createAdmin } from './create-admin';
import { exitWith } from './exit-code';

/**
 * While a server holds the embedded database, no other process may open it: the command is
 * handed to that server instead, and when it cannot be reached the operator is told to stop it.
 */
async function runThroughServer(config: Config, locked: DataDirLockedError, argv: string[]): Promise<number> {
  const answer = await askAdminChannel(config.dataDir, argv);
  if (!answer) {
    console.error(`${locked.message}\nStop the server, then run create-admin again.`);
    return 1;
  }
  console.log(`The server running on ${config.dataDir} (pid ${locked.holder.pid}) ran the command:`);
  answer.out.forEach((line) => console.log(line));
  answer.err.forEach((line) => console.error(line));
  return answer.code;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const argv = process.argv.slice(2);
  let database: Database;
  try {
    database = await openDatabase(config, { purpose: 'create-admin' });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return runThroughServer(config, error, argv);
  }
  try {
    await database.migrate();
    return await createAdmin(argv, database, { out: console.log, err: console.error });
  } finally {
    await database.close();
  }
}

exitWith(main);
