// Issue 30, item 7: placing orders on PostgreSQL at 50 connections, beside pgbench running the very
// same transaction. The server places pickup orders of one line on a launched store (each request
// with an Idempotency-Key of its own); the transaction's statements are captured from the domain
// code itself (a Drizzle logger around placeOrder) and replayed by pgbench, with what must differ
// per order made to differ there too: the idempotency key, the tracking token, the order's number
// (from the counter the same transaction raises) and its id (from the sequence). Target: the
// server at ≥ 35 % of the database's own rate for the same transaction.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/db/database';
import { placeOrder } from '../server/domain/ordering/place-order';
import { launchedStore } from '../server/domain/storefront/launched-store';
import { orderRestaurants, storeForOrders } from '../server/domain/storefront/ordering-store';
import { zipDistanceMeters } from '../server/domain/territories/zip-points';
import { openOrderingStore, type OrderingStore } from '../scripts/soak/order-store';
import { withLiterals, type CapturedQuery } from './captured-queries';
import { databaseRate } from './database-rate';
import { SECRET_KEY, createOwner, signInWithRestaurant } from './owner';
import { withPostgresDatabase } from './postgres';
import { SECONDS, measure, startServer, type Measured } from './server';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
/** Distinctive values the captured statements carry, each replaced by what varies per pgbench transaction. */
const CAPTURED_KEY = 'bench-captured-key';
const CAPTURED_NUMBER = 987_654_321;
const CAPTURED_ORDER_ID = 876_543_210;

const bodyOf = (store: OrderingStore, note: string) => ({
  fulfilment: 'pickup' as const,
  lines: [store.line],
  customer: { name: 'Bench Customer', phone: '(312) 555-0199', email: 'bench@example.com' },
  address: null,
  scheduled_for: null,
  note,
});

/** The statements one placement runs, in order, as the server's own code sends them. */
async function capturePlacement(url: string, store: OrderingStore): Promise<{ queries: CapturedQuery[]; token: string; restaurantId: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const [restaurant] = (await pool.query<{ id: number }>('select id from restaurants where slug = $1', [store.slug])).rows;
    const restaurantId = restaurant!.id;
    await pool.query('update restaurant_order_counters set last_number = $2 - 1 where restaurant_id = $1', [restaurantId, CAPTURED_NUMBER]);
    await pool.query(`select setval('orders_id_seq', $1 - 1)`, [CAPTURED_ORDER_ID]);
    const queries: CapturedQuery[] = [];
    const logging = drizzle({ client: pool, logger: { logQuery: (text, params) => queries.push({ text, params }) } }) as unknown as Db;
    const readers = {
      store: (db: Db, slug: string, now: Date) => storeForOrders(db, slug, now, zipDistanceMeters, { cardAvailable: false }),
      launchedRestaurant: async (db: Db, slug: string) => (await launchedStore(db, slug))?.id ?? null,
      restaurants: orderRestaurants,
    };
    const { placed } = await placeOrder(logging, readers, {
      slug: store.slug,
      body: bodyOf(store, 'captured'),
      idempotencyKey: CAPTURED_KEY,
      client: 'bench',
      now: new Date(),
    });
    if (placed?.order.number !== CAPTURED_NUMBER || placed.order.id !== CAPTURED_ORDER_ID)
      throw new Error(`the captured placement got another number or id: ${JSON.stringify({ number: placed?.order.number, id: placed?.order.id })}`);
    return { queries: queries.filter(({ text }) => !/^(begin|commit)$/i.test(text.trim())), token: placed.order.token, restaurantId };
  } finally {
    await pool.end();
  }
}

/** `text` with `outside` applied to what lies outside its quoted literals and `literal` to each literal. */
function rewriteSql(text: string, outside: (part: string) => string, literal: (quoted: string) => string): string {
  return text
    .split(/('(?:[^']|'')*')/)
    .map((part, index) => (index % 2 === 1 ? literal(part) : outside(part)))
    .join('');
}

/**
 * The captured transaction as pgbench runs it, one per pgbench transaction. What must differ per
 * order is made to differ: the key (a pgbench variable), the token (random), the number (the
 * counter this transaction raised) and the id (the sequence's current value). Quoted literals keep
 * their text but for the key and the token, so the stored answer's JSON stays JSON.
 */
function asPgbenchScript(captured: Awaited<ReturnType<typeof capturePlacement>>): CapturedQuery[] {
  const literal = (quoted: string) => {
    if (quoted === `'${captured.token}'`) return 'substr(md5(random()::text) || md5(random()::text), 1, 32)';
    return quoted.endsWith(`${CAPTURED_KEY}'`) ? `${quoted.slice(0, -CAPTURED_KEY.length - 1)}' || :key` : quoted;
  };
  const outside = (part: string) =>
    part
      .replaceAll(String(CAPTURED_NUMBER), `(select last_number from restaurant_order_counters where restaurant_id = ${captured.restaurantId})`)
      .replaceAll(String(CAPTURED_ORDER_ID), "currval('orders_id_seq')");
  const statement = (text: string): CapturedQuery => ({ text, params: [] });
  return [
    statement('\\set key random(1, 1000000000000)'),
    statement('begin'),
    ...captured.queries.map((query) => statement(rewriteSql(withLiterals(query), outside, literal))),
    statement('commit'),
  ];
}

export async function benchOrders(): Promise<void> {
  const result = await withPostgresDatabase(async (url) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-orders-'));
    try {
      const userId = await createOwner({ dataDir, databaseUrl: url });
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url, SECRET_KEY });
      let http: Measured;
      let store: OrderingStore;
      try {
        const token = await signInWithRestaurant(server.url, userId);
        store = await openOrderingStore(server.url, token);
        const load = (duration: number) =>
          measure({
            url: server.url,
            connections: CONNECTIONS,
            duration,
            requests: [
              {
                method: 'POST',
                path: `/api/v2/storefront/${store.slug}/orders/`,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(bodyOf(store, 'bench')),
                // A key of its own for every request: each is a new order, never a replay.
                setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }),
              },
            ],
          });
        await load(WARM_UP_SECONDS);
        http = await load(SECONDS);
      } finally {
        // Stopped before the capture: requests still queued when the load ends would take numbers meanwhile.
        await server.stop();
      }
      const captured = await capturePlacement(url, store);
      const database = await databaseRate(url, asPgbenchScript(captured), CONNECTIONS, SECONDS);
      return { http, database, statements: captured.queries.length };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
  if (!result) return;
  const { http, database, statements } = result;
  console.log(`\nPlacing orders: POST /api/v2/storefront/{slug}/orders/ (pickup, one line), ${CONNECTIONS} connections, ${SECONDS} s, PostgreSQL`);
  console.table([
    {
      measured: 'server, whole request',
      'per second': http.requestsPerSecond,
      'p50 ms': http.p50,
      'p99 ms': http.p99,
      'non-2xx': http.non2xx,
      errors: http.errors,
    },
    { measured: `database alone, the same ${statements} statements in one transaction (${database.method})`, 'per second': database.perSecond },
  ]);
  console.log(
    `Ratio: the server places orders at ${Math.round((100 * http.requestsPerSecond) / database.perSecond)}% of the database's own rate for the same transaction (target ≥ 35 %).`,
  );
}
