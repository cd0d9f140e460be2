// The signed-in owner every authenticated bench section loads the server as.
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { signAccessToken } from '../server/domain/accounts/sessions';
import { findOrCreateUserByEmail } from '../server/domain/accounts/users';
import { deriveKeys } from '../server/domain/shared/keys';

export const SECRET_KEY = 'bench-secret-key-with-at-least-32-characters';
export const OWNER_EMAIL = 'bench-owner@example.com';

/**
 * Migrates the database (a data folder, or PostgreSQL when `databaseUrl` is set) and creates the
 * owner. Done before the server starts: on PGlite the server holds the data folder from then on.
 */
export async function createOwner(options: { dataDir: string; databaseUrl?: string }): Promise<number> {
  const database = await openDatabase(loadConfig({ DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl ?? '' }), { purpose: 'npm run bench' });
  try {
    await database.migrate();
    return (await findOrCreateUserByEmail(database.db, { email: OWNER_EMAIL })).user.id;
  } finally {
    await database.close();
  }
}

/** An hour-long access token for `userId`, signed with the bench server's key as the server signs its own. */
export function benchAccessToken(userId: number): Promise<string> {
  return signAccessToken(userId, 0, {
    accessKey: deriveKeys(SECRET_KEY).accessToken,
    accessTtlSeconds: 3600,
    refreshTtlDays: 1,
    clock: () => new Date(),
  });
}

/** An hour-long access token for `userId`, and the owner's restaurant opened on the running server. */
export async function signInWithRestaurant(serverUrl: string, userId: number): Promise<string> {
  const token = await benchAccessToken(userId);
  const response = await fetch(`${serverUrl}/api/v2/onboarding/start/`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`onboarding/start answered ${response.status}`);
  return token;
}
