// `npm run bench`: load on POST /api/messages/ and GET /api/v2/health/, on the embedded
// database and on PostgreSQL, printing requests per second and p50/p99 latency; then a large
// JSON list (200 toppings) fetched with and without compression, printing bytes per answer.
// A benchmark, not a test: it prints figures and never fails on them.
//   BENCH_SECONDS (default 5) per endpoint; BENCH_CONNECTIONS (default 10);
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) where a
//   throw-away database is created and dropped; set it to "skip" to bench PGlite only.
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServerProcess } from '../scripts/server-process';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { deriveKeys } from '../server/domain/shared/keys';
import { signAccessToken } from '../server/domain/accounts/sessions';
import { findOrCreateUserByEmail } from '../server/domain/accounts/users';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Row = { engine: string; endpoint: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

function startServer(env: Record<string, string>) {
  return startServerProcess(
    {
      ...env,
      LOG_LEVEL: 'warn',
      // The limits protect production; here they would measure the limiter, not the server.
      RATE_LIMIT_PER_MINUTE: '100000000', SIGNUP_LIMIT_PER_MINUTE: '100000000', SIGNUP_LIMIT_PER_EMAIL_PER_HOUR: '100000000',
    },
    { inheritOutput: true },
  );
}

async function load(engine: string, url: string, endpoint: 'health' | 'signup'): Promise<Row> {
  let counter = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      endpoint === 'health'
        ? { method: 'GET', path: '/api/v2/health/' }
        : {
            method: 'POST',
            path: '/api/messages/',
            headers: { 'content-type': 'application/json' },
            // A distinct address per request, as real sign-ups are.
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ zip_code: '10001', email: `bench${(counter += 1)}@example.com` }),
            }),
          },
    ],
  });
  return {
    engine,
    endpoint: endpoint === 'health' ? 'GET /api/v2/health/' : 'POST /api/messages/',
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startServer(env);
  try {
    return [await load(engine, server.url, 'health'), await load(engine, server.url, 'signup')];
  } finally {
    await server.stop();
  }
}

async function withPostgresDatabase<T>(work: (url: string) => Promise<T>): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message}): skipped.`);
    return undefined;
  }
  const name = `rp_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const LIST_SIZE = 200;
const SECRET_KEY = 'bench-secret-key-with-at-least-32-characters';

type ListRow = { encoding: string; bytes: number; requestsPerSecond: number; p50: number; p99: number };

/** A token for the owner `id`, who gets a restaurant with LIST_SIZE toppings. */
async function ownerWithToppings(url: string, id: number): Promise<string> {
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const token = await signAccessToken(id, {
    accessKey: deriveKeys(SECRET_KEY).accessToken, accessTtlSeconds: 3600, refreshTtlDays: 1, clock: () => new Date(),
  });
  await fetch(`${url}/api/v2/onboarding/start/`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  for (let index = 1; index <= LIST_SIZE; index += 1) {
    await fetch(`${url}/api/v2/toppings/`, { method: 'POST', headers: headers(token), body: JSON.stringify({ name: `Topping number ${index}` }) });
  }
  return token;
}

/** Made before the server starts: it holds the data folder from then on. */
async function userId(dataDir: string): Promise<number> {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), { purpose: 'npm run bench' });
  try {
    await database.migrate();
    return (await findOrCreateUserByEmail(database.db, { email: 'bench-owner@example.com' })).user.id;
  } finally {
    await database.close();
  }
}

/** The body's size as sent, still encoded (fetch() would decode it). */
function bytesOnTheWire(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => done(bytes));
    }).on('error', fail);
  });
}

async function benchCompression(): Promise<ListRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-list-'));
  try {
    const id = await userId(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY });
    try {
      const token = await ownerWithToppings(server.url, id);
      const path = `/api/v2/toppings/?page_size=${LIST_SIZE}`;
      const rows: ListRow[] = [];
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
        const bytes = await bytesOnTheWire(`${server.url}${path}`, headers);
        const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests: [{ method: 'GET', path, headers }] });
        rows.push({ encoding, bytes, requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 });
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

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
console.table(rows.map((row) => ({
  engine: row.engine,
  endpoint: row.endpoint,
  'req/s': row.requestsPerSecond,
  'p50 ms': row.p50,
  'p99 ms': row.p99,
  'non-2xx': row.non2xx,
  errors: row.errors,
})));

const listRows = await benchCompression();
console.log(`\nGET /api/v2/toppings/ with ${LIST_SIZE} rows, ${SECONDS} s per encoding, ${CONNECTIONS} connections, PGlite`);
console.table(listRows.map((row) => ({
  'accept-encoding': row.encoding,
  'bytes per answer': row.bytes,
  'req/s': row.requestsPerSecond,
  'p50 ms': row.p50,
  'p99 ms': row.p99,
})));
