// The administrators' messages inbox on PostgreSQL with a million sign-ups: how long one request
// takes for the first page, a deep page, a status filter and an email filter, with the inbox's
// indexes (migration 0005) and after dropping them. Figures only: nothing here passes or fails.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { findOrCreateUserByEmail, grantStaff } from '../server/domain/accounts/users';
import { benchAccessToken, SECRET_KEY } from './owner';
import { withPostgresDatabase } from './postgres';
import { secondsTaken, timeGet, withAndWithoutIndexes } from './request-timing';
import { startServer } from './server';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
/** Requests timed one after another per case, after two not counted (plans cached, pages read). */
const RUNS = 15;
const INBOX_INDEXES = ['messages_created_id_idx', 'messages_status_created_id_idx', 'messages_email_trgm_idx'];

const CASES = [
  ['first page', '/api/messages/?page=1&page_size=25'],
  ['deep page (row 500,000)', '/api/messages/?page=20000&page_size=25'],
  ['status=read, page 1', '/api/messages/?status=read&page=1&page_size=25'],
  ['email contains "lead123456@" (1 match)', '/api/messages/?email=lead123456%40&page_size=25'],
  ['email contains "@shop7." (1 in 100)', '/api/messages/?email=%40shop7.&page_size=25'],
] as const;

/** Migrates, and makes the staff member whose token the requests carry. */
async function createStaff(dataDir: string, databaseUrl: string): Promise<number> {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }), { purpose: 'npm run bench' });
  try {
    await database.migrate();
    const { user } = await findOrCreateUserByEmail(database.db, { email: 'bench-staff@example.com' });
    await grantStaff(database.db, user.id, { superadmin: false });
    return user.id;
  } finally {
    await database.close();
  }
}

/** One statement: a second apart, newest first by id, statuses in thirds, 100 shop domains. */
async function fill(client: pg.Client): Promise<void> {
  await client.query(
    `insert into messages (email, zip_code, status, message, user_agent, created_at)
     select 'lead' || n || '@shop' || (n % 100) || '.example.com', (10000 + n % 90000)::text,
            (array['new', 'read', 'archived'])[1 + n % 3]::message_status, '', 'Bench/1.0',
            timestamptz '2026-11-25 00:00:00+00' - (${MESSAGES} - n) * interval '1 second'
     from generate_series(1, $1::int) n`,
    [MESSAGES],
  );
  await client.query('analyze messages');
}

type Timing = { case: string; p50_ms: number; max_ms: number; rows: number };

async function timeCases(serverUrl: string, token: string): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const [label, path] of CASES) {
    const { p50_ms, max_ms, body } = await timeGet(serverUrl, path, token, RUNS);
    timings.push({ case: label, p50_ms, max_ms, rows: (JSON.parse(body) as { count?: number }).count ?? 0 });
  }
  return timings;
}

async function benchOn(url: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-inbox-'));
  const client = new pg.Client({ connectionString: url });
  try {
    const userId = await createStaff(dataDir, url);
    await client.connect();
    const fillSeconds = await secondsTaken(() => fill(client));
    const token = await benchAccessToken(userId);
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url, SECRET_KEY });
    try {
      return { fillSeconds, ...(await withAndWithoutIndexes(client, INBOX_INDEXES, () => timeCases(server.url, token))) };
    } finally {
      await server.stop();
    }
  } finally {
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchMessagesInbox(): Promise<void> {
  const result = await withPostgresDatabase(benchOn);
  if (!result) return;
  console.log(
    `\nGET /api/messages/ with ${MESSAGES.toLocaleString('en-US')} sign-ups (filled in ${result.fillSeconds} s), ` +
      `PostgreSQL, one request at a time, ${RUNS} each`,
  );
  console.log('With the inbox indexes:');
  console.table(result.indexed);
  console.log(`Without them (${INBOX_INDEXES.join(', ')} dropped):`);
  console.table(result.unindexed);
}
