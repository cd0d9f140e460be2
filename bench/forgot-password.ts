// POST /api/v2/auth/password/forgot/ for existing and unknown accounts, interleaved in a seeded
// random order, one request at a time, on PGlite and on PostgreSQL: the answer must not tell them
// apart by its time (issue 16, item 3: medians within 10 %). Every known address is asked for once,
// so each one takes the whole path (lookup, code, mail) rather than its resend lock.
//   BENCH_FORGOT_REQUESTS (default 1000) per kind; BENCH_SEED orders them (printed).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/database';
// The insight screens' seeded generator (mulberry32): the same seed gives the same order again.
import { seededRandom } from '../src/machines/insights/sample-data';
import { POSTGRES_ADMIN_URL, withPostgresDatabase } from './postgres';
import { startServer } from './server';

const REQUESTS = Number(process.env.BENCH_FORGOT_REQUESTS ?? 1000);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 2 ** 31);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[middle]!;
};

/** The known accounts, written before the server starts (an embedded database has one owner at a time). */
async function seedAccounts(options: { databaseUrl: string | undefined; dataDir: string }): Promise<void> {
  const database = await openDatabase({ ...options, databasePoolMax: 1 });
  try {
    await database.migrate();
    await database.query(`insert into users (email) select 'known' || n || '@example.com' from generate_series(1, ${REQUESTS}) n`);
  } finally {
    await database.close();
  }
}

type Row = { engine: string; known: number; unknown: number; mailed: number };

async function benchEngine(engine: string, databaseUrl: string | undefined): Promise<Row> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-forgot-'));
  try {
    await seedAccounts({ databaseUrl, dataDir });
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', AUTH_LIMIT_PER_MINUTE: '100000000' });
    try {
      const random = seededRandom(SEED);
      const kinds = [...Array<'known'>(REQUESTS).fill('known'), ...Array<'unknown'>(REQUESTS).fill('unknown')];
      for (let index = kinds.length - 1; index > 0; index -= 1) {
        const other = Math.floor(random() * (index + 1));
        [kinds[index], kinds[other]] = [kinds[other]!, kinds[index]!];
      }
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      // Warm-up: the first requests pay for compiling the route's code, whichever kind they are.
      for (let warm = 0; warm < 20; warm += 1) await forgot(server.url, `warm${warm}@example.org`);
      for (const kind of kinds) {
        const email = `${kind}${times[kind].length + 1}@example.${kind === 'known' ? 'com' : 'org'}`;
        const started = performance.now();
        const status = await forgot(server.url, email);
        times[kind].push(performance.now() - started);
        if (status !== 200) throw new Error(`forgot-password answered ${status} for ${email}`);
      }
      await server.stop();
      // Proof that the known addresses took the whole path: one reset code mailed (to the outbox) each.
      const mailed = (await readdir(join(dataDir, 'outbox'))).filter((name) => name.endsWith('.eml')).length;
      return { engine, known: median(times.known), unknown: median(times.unknown), mailed };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function forgot(url: string, email: string): Promise<number> {
  const response = await fetch(`${url}/api/v2/auth/password/forgot/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  return response.status;
}

export async function benchForgotPassword(): Promise<void> {
  const rows = [await benchEngine('PGlite', undefined)];
  if (POSTGRES_ADMIN_URL !== 'skip') {
    const postgres = await withPostgresDatabase((url) => benchEngine('PostgreSQL', url));
    if (postgres) rows.push(postgres);
  }
  console.log(`\nPOST /api/v2/auth/password/forgot/: ${REQUESTS} existing and ${REQUESTS} unknown addresses, interleaved (BENCH_SEED=${SEED}), one at a time`);
  console.table(
    rows.map((row) => ({
      engine: row.engine,
      'known p50 ms': row.known.toFixed(2),
      'unknown p50 ms': row.unknown.toFixed(2),
      'difference %': ((100 * (row.known - row.unknown)) / row.unknown).toFixed(1),
      'codes mailed': row.mailed,
    })),
  );
}
