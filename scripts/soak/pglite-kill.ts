// Writers (orders among them) on the server on PGlite when it is killed with SIGKILL; started again on the same
// folder, it must hold every write it acknowledged, whole.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SECRET_KEY, createOwner, signInWithRestaurant } from '../../bench/owner';
import { startServer } from '../../bench/server';
import { PGLITE_EXTENSIONS } from '../../server/db/database';
import { SOAK_WRITERS, WRITES_BETWEEN_FAULTS, type SectionResult } from './options';
import { reportWrites } from './report';
import { openOrderingStore } from './order-store';
import { sendOverHttp, startWriters, storedWrites } from './write-load';

async function readBack(dataDir: string) {
  const db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
  try {
    return await storedWrites(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}

export async function soakPgliteKill(dataDir: string): Promise<SectionResult> {
  const userId = await createOwner({ dataDir });
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY };
  const first = await startServer(env);
  const token = await signInWithRestaurant(first.url, userId);
  const writers = startWriters(sendOverHttp(first.url), token, SOAK_WRITERS, await openOrderingStore(first.url, token));
  const failures: string[] = [];
  try {
    await writers.acknowledgedMore(WRITES_BETWEEN_FAULTS, 120_000);
    first.child.kill('SIGKILL');
    await first.exited;
  } finally {
    await writers.stop();
  }
  // The same folder again: its lock names a dead process, which the new server takes over.
  const second = await startServer(env);
  const after = await sendOverHttp(second.url)({ path: '/api/messages/', body: { zip_code: '10001', email: 'after-restart@example.com' } });
  if (after.status !== 201) failures.push(`the restarted server answered ${after.status} to a sign-up`);
  const exitCode = await second.stop();
  if (exitCode !== 0) failures.push(`the restarted server exited ${exitCode} on SIGTERM`);
  const result = reportWrites(
    'kill -9 on PGlite',
    `kill -9 of the PGlite server under write load (${SOAK_WRITERS} writers), then a restart on the same folder`,
    writers.outcomes(),
    await readBack(dataDir),
  );
  return { ...result, failures: [...failures, ...result.failures] };
}
