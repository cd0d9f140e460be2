// 50 connections for SOAK_SECONDS on the paged category list, then on sign-ups: every answer 2xx.
import { signupRequest } from '../../bench/endpoints';
import { SECRET_KEY, createOwner, signInWithRestaurant } from '../../bench/owner';
import { CATEGORIES, PATH, addCategories } from '../../bench/paged-list';
import { measure, startServer, type Measured } from '../../bench/server';
import { SOAK_CONNECTIONS, SOAK_SECONDS, type SectionResult } from './options';

export async function soakLoad(databaseUrl: string, dataDir: string): Promise<SectionResult> {
  const userId = await createOwner({ dataDir, databaseUrl });
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SECRET_KEY });
  const rows: (Measured & { endpoint: string; requests: number })[] = [];
  try {
    const token = await signInWithRestaurant(server.url, userId);
    await addCategories(databaseUrl, userId);
    const load = { url: server.url, connections: SOAK_CONNECTIONS, duration: SOAK_SECONDS };
    const list = await measure({ ...load, requests: [{ method: 'GET', path: PATH, headers: { authorization: `Bearer ${token}` } }] });
    rows.push({ endpoint: `GET ${PATH} (${CATEGORIES} categories)`, requests: list.requestsPerSecond * SOAK_SECONDS, ...list });
    const signups = await measure({ ...load, requests: [signupRequest()] });
    rows.push({ endpoint: 'POST /api/messages/', requests: signups.requestsPerSecond * SOAK_SECONDS, ...signups });
  } finally {
    await server.stop();
  }
  console.log(`\nLoad: ${SOAK_SECONDS} s per endpoint, ${SOAK_CONNECTIONS} connections, PostgreSQL`);
  console.table(
    rows.map((row) => ({
      endpoint: row.endpoint,
      'about requests': row.requests,
      'req/s': row.requestsPerSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'non-2xx': row.non2xx,
      errors: row.errors,
    })),
  );
  return {
    name: 'load',
    failures: rows.filter((row) => row.non2xx > 0 || row.errors > 0).map((row) => `${row.endpoint}: ${row.non2xx} non-2xx, ${row.errors} errors`),
  };
}
