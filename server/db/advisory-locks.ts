import type pg from 'pg';

/**
 * PostgreSQL advisory lock keys: work that several server processes on one database must do
 * once at a time. Arbitrary numbers, fixed forever; no other code may use them.
 */
export const ADVISORY_LOCKS = {
  migrations: 1_802_180_001,
  housekeeping: 1_802_180_002,
} as const;

/**
 * Runs `work` while holding the session-level lock `key` on a connection of its own: a second
 * process waits here until the first has finished (and then finds its work done).
 */
export async function whileLocked<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}
