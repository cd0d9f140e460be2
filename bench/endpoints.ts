// POST /api/messages/ and GET /api/v2/health/ under load, on PGlite and on PostgreSQL.
import type autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POSTGRES_ADMIN_URL, withPostgresDatabase } from './postgres';
import { CONNECTIONS, SECONDS, measure, startServer, type Measured } from './server';

type Row = Measured & { engine: string; endpoint: string };

/** POST /api/messages/ for autocannon, a distinct address per request as real sign-ups are. */
export function signupRequest(): autocannon.Request {
  let counter = 0;
  return {
    method: 'POST',
    path: '/api/messages/',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ zip_code: '10001', email: `bench${(counter += 1)}@example.com` }) }),
  };
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServer(env);
  try {
    const health = await measure({ url: server.url, requests: [{ method: 'GET', path: '/api/v2/health/' }] });
    const signup = await measure({ url: server.url, requests: [signupRequest()] });
    return [
      { engine, endpoint: 'GET /api/v2/health/', ...health },
      { engine, endpoint: 'POST /api/messages/', ...signup },
    ];
  } finally {
    await server.stop();
  }
}

export async function benchEndpoints(): Promise<void> {
  const rows: Row[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-'));
  try {
    rows.push(...(await benchEngine('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (POSTGRES_ADMIN_URL !== 'skip') {
    rows.push(...((await withPostgresDatabase((url) => benchEngine('PostgreSQL', { DATABASE_URL: url }))) ?? []));
  }
  console.log(`\n${SECONDS} s per endpoint, ${CONNECTIONS} connections, server in its own process on 127.0.0.1`);
  console.table(
    rows.map((row) => ({
      engine: row.engine,
      endpoint: row.endpoint,
      'req/s': row.requestsPerSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'non-2xx': row.non2xx,
      errors: row.errors,
    })),
  );
}
