// Writers on the server while its PostgreSQL ends every session, stops fast, and crashes
// (immediate): each acknowledged write must be there afterwards, whole.
import pg from 'pg';
import { SECRET_KEY, createOwner, signInWithRestaurant } from '../../bench/owner';
import { startServer } from '../../bench/server';
import type { PrivatePostgres } from '../private-postgres';
import { SOAK_WRITERS, WRITES_BETWEEN_FAULTS, type SectionResult } from './options';
import { reportWrites } from './report';
import { openOrderingStore } from './order-store';
import { sendOverHttp, startWriters, storedWrites } from './write-load';

async function readBack(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await storedWrites(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

export async function soakDatabaseRestart(cluster: PrivatePostgres, dataDir: string): Promise<SectionResult> {
  const userId = await createOwner({ dataDir, databaseUrl: cluster.url });
  // Quiet: every request refused during the outage would log its error.
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: cluster.url, SECRET_KEY, LOG_LEVEL: 'fatal' });
  const faults: string[] = [];
  let writers: ReturnType<typeof startWriters> | undefined;
  try {
    const token = await signInWithRestaurant(server.url, userId);
    writers = startWriters(sendOverHttp(server.url), token, SOAK_WRITERS, await openOrderingStore(server.url, token));
    await writers.acknowledgedMore(WRITES_BETWEEN_FAULTS, 120_000);
    faults.push(`ended ${await cluster.terminateBackends()} sessions`);
    await writers.acknowledgedMore(WRITES_BETWEEN_FAULTS, 120_000);
    for (const mode of ['fast', 'immediate'] as const) {
      const stoppedAt = Date.now();
      await cluster.stop(mode);
      await cluster.start();
      const before = writers.acknowledged();
      await writers.acknowledgedMore(1, 120_000);
      faults.push(`stopped ${mode} and started: writes acknowledged again ${Date.now() - stoppedAt} ms after the stop began (${before} before)`);
      await writers.acknowledgedMore(WRITES_BETWEEN_FAULTS, 120_000);
    }
  } finally {
    await writers?.stop();
    await server.stop();
  }
  for (const fault of faults) console.log(`  ${fault}`);
  return reportWrites(
    'database restart',
    `Database restart under write load (${SOAK_WRITERS} writers, PostgreSQL of its own)`,
    writers.outcomes(),
    await readBack(cluster.url),
  );
}
