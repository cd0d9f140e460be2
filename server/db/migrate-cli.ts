// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { loadConfig } from '../config';
import { openDatabase } from './database';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}${database.kind === 'pglite' ? `, ${config.dataDir}` : ''}).`);
} finally {
  await database.close();
}
