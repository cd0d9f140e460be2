// The paged category list on PostgreSQL (1,100 categories, page 3 of 20, 50 connections) beside
// the rate at which the database itself runs the same queries: how much of the database's
// speed the whole request path (HTTP, auth, validation, paging, JSON) keeps.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { captureListQueries } from './captured-queries';
import { databaseRate } from './database-rate';
import { cpuSecondsWithChildren } from './process-cpu';
import { SECRET_KEY, createOwner, signInWithRestaurant } from './owner';
import { withPostgresDatabase } from './postgres';
import { loadGenerator, measureGet } from './http-load';
import { SECONDS, startServer } from './server';

export const CATEGORIES = 1100;
const PAGE = 3;
const PAGE_SIZE = 20;
/** Fixed, not BENCH_CONNECTIONS: the figure the issue compares across runs. */
const CONNECTIONS = 50;
export const PATH = `/api/v2/categories/?page=${PAGE}`;
const WARM_UP_SECONDS = 2;
/** BENCH_PROCESSES: server processes (WEB_CONCURRENCY) sharing the port and the database. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);

/** CATEGORIES categories in the owner's restaurant, written straight to the database. */
export async function addCategories(url: string, userId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into categories (restaurant_id, name, description)
       select u.active_restaurant_id, 'Category ' || n, 'What category ' || n || ' holds'
       from users u, generate_series(1, $2::int) n where u.id = $1`,
      [userId, CATEGORIES],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function benchOn(url: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-paged-'));
  try {
    const userId = await createOwner({ dataDir, databaseUrl: url });
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SECRET_KEY,
      WEB_CONCURRENCY: String(PROCESSES),
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    });
    try {
      const token = await signInWithRestaurant(server.url, userId);
      await addCategories(url, userId);
      const headers = { authorization: `Bearer ${token}` };
      const check = await fetch(`${server.url}${PATH}`, { headers });
      const page = (await check.json()) as { count?: number; results?: unknown[] };
      if (!check.ok || page.count !== CATEGORIES || page.results?.length !== PAGE_SIZE) {
        throw new Error(`${PATH} answered ${check.status} ${JSON.stringify(page).slice(0, 200)}`);
      }
      const load = { url: server.url, connections: CONNECTIONS, path: PATH, headers };
      // Not counted: the server's code is compiled by the JIT and its pool filled meanwhile.
      await measureGet({ ...load, seconds: WARM_UP_SECONDS });
      const cpuBefore = await cpuSecondsWithChildren(server.child.pid);
      const http = await measureGet(load);
      const cpuAfter = await cpuSecondsWithChildren(server.child.pid);
      const cpuMicrosecondsPerRequest =
        cpuBefore === undefined || cpuAfter === undefined ? undefined : Math.round(((cpuAfter - cpuBefore) * 1e6) / (http.requestsPerSecond * SECONDS));
      const queries = await captureListQueries(url, userId, { page: PAGE, page_size: PAGE_SIZE });
      const database = await databaseRate(url, queries, CONNECTIONS, SECONDS);
      const pageAlone = await databaseRate(
        url,
        await captureListQueries(url, userId, { page: PAGE, page_size: PAGE_SIZE }, { withViewer: false }),
        CONNECTIONS,
        SECONDS,
      );
      return { http, cpuMicrosecondsPerRequest, queries, database, pageAlone };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchPagedList(): Promise<void> {
  const result = await withPostgresDatabase(benchOn);
  if (!result) return;
  const { http, cpuMicrosecondsPerRequest, queries, database, pageAlone } = result;
  console.log(
    `\nGET ${PATH} (${CATEGORIES} categories, ${PAGE_SIZE} a page), ${SECONDS} s, ` +
      `${CONNECTIONS} connections (${loadGenerator()}), PostgreSQL, ${PROCESSES} server process(es)`,
  );
  console.log('The queries the server runs for that page:');
  for (const query of queries) console.log(`  ${query.text}  -- ${JSON.stringify(query.params)}`);
  console.table([
    {
      measured: 'server, whole request',
      'per second': http.requestsPerSecond,
      'p50 ms': http.p50,
      'p99 ms': http.p99,
      'server CPU µs/request': cpuMicrosecondsPerRequest,
      'non-2xx': http.non2xx,
      errors: http.errors,
    },
    { measured: `database alone (${database.method})`, 'per second': database.perSecond },
    { measured: "database, the page and count without the user's read", 'per second': pageAlone.perSecond },
  ]);
  const percent = (rate: number) => Math.round((100 * http.requestsPerSecond) / rate);
  console.log(`Ratio: the server answers at ${percent(database.perSecond)}% of the database's own rate for the same queries.`);
  console.log(`(Against the page and count alone, leaving out the user's read the server also makes: ${percent(pageAlone.perSecond)}%.)`);
}
