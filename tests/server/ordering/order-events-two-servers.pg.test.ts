/**
 * Issue 30, item 5, across server processes (PostgreSQL only, TEST_DATABASE_URL): two servers on
 * one database, each with its own pool, its own LISTEN connection and its own streams, as two
 * processes have. Nothing passes between them but PostgreSQL: an order stored through server A's
 * database reaches an order board connected to server B, also after B lost its listening connection.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromPostgresUrl, type Database } from '#server/db/database';
import { issueSession } from '#server/domain/accounts/sessions';
import { findOrCreateUserByEmail } from '#server/domain/accounts/users';
import { deriveKeys } from '#server/domain/shared/keys';
import { insertOrder, type InsertedOrder } from '#tests/fixtures/ordering/insert-order';
import { ownerWithRestaurant, type Caller } from '../menu/menu-helpers';
import { createTestApp, freshDatabase, testConfig, type TestApp } from '../test-app';
import { readStream, type StreamReader } from './event-stream-reader';

type Server = { test: TestApp; database: Database; url: string };

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let a: Server;
let b: Server;
let owner: Caller & { restaurantId: number };
const opened: StreamReader[] = [];

async function startServer(): Promise<Server> {
  const database = fromPostgresUrl(fresh.url!, 2);
  // Heartbeats often, so a session's end is noticed within the test's time.
  const test = await createTestApp({ database, config: { orderStreamHeartbeatMs: 200 } });
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  return { test, database, url: `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}/api/v2/orders/events/` };
}

beforeAll(async () => {
  fresh = await freshDatabase();
  a = await startServer();
  b = await startServer();
  // Both servers share the test's SECRET_KEY: a token signed by A is good on B.
  owner = (await ownerWithRestaurant(a.test, 'ada@example.com')) as typeof owner;
  // Only a launched restaurant's owner may follow its orders.
  await a.database.query('update onboardings set launched_at = now() where restaurant_id = $1', [owner.restaurantId]);
}, 30_000);
afterAll(async () => {
  await Promise.all(opened.map((stream) => stream.close()));
  for (const server of [a, b]) {
    // fetch (undici) keeps a spare connection after an abort; the server's close would wait for it.
    server?.test.app.server.closeAllConnections();
    await server?.test.close();
    await server?.database.close();
  }
  await fresh?.dispose();
}, 30_000);

async function boardOn(server: Server, token = owner.token): Promise<StreamReader> {
  const stream = await readStream(server.url, { authorization: `Bearer ${token}` });
  opened.push(stream);
  expect(stream.response.status).toBe(200);
  // The `retry:` hint, then the id it starts after: by then it is listening.
  expect((await stream.next())?.retry).toBeDefined();
  expect((await stream.next())?.id).toMatch(/^\d+$/);
  return stream;
}

async function expectOrder(stream: StreamReader, order: InsertedOrder) {
  const message = await stream.nextEvent();
  expect(message).toMatchObject({ event: 'order', id: String(order.eventId) });
  expect(JSON.parse(message!.data!)).toMatchObject({ order_id: order.id, number: order.number, restaurant_id: owner.restaurantId });
}

/** The backends that LISTEN on this test's database (only B's: nobody watches on A). */
const listeners = (database: Database) =>
  database.query("select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()");

it("delivers an order stored through server A's database to a board connected to server B", { timeout: 20_000 }, async () => {
  const board = await boardOn(b);
  const order = await insertOrder(a.database, { restaurantId: owner.restaurantId });
  await expectOrder(board, order);
});

it('loses nothing when server B loses its listening connection: it listens again and sends what was stored meanwhile', { timeout: 20_000 }, async () => {
  const board = await boardOn(b);
  const [before] = await listeners(a.database);
  const terminated = await a.database.query('select pg_terminate_backend($1::int) as done', [before!.pid]);
  expect(terminated).toEqual([{ done: true }]);
  // Stored while B is (most likely) reconnecting: it reaches the board by B's catch-up or by its notification.
  const meanwhile = await insertOrder(a.database, { restaurantId: owner.restaurantId });
  await expectOrder(board, meanwhile);

  let after = await listeners(a.database);
  while (after.length === 0 || after[0]!.pid === before!.pid) after = await listeners(a.database);
  const later = await insertOrder(a.database, { restaurantId: owner.restaurantId, status: 'accepted' });
  expect((await board.nextEvent())?.id).toBe(String(later.eventId - 1));
  await expectOrder(board, later);
});

it('ends a board on server B when its user signs out through server A (issue 40, item 12)', { timeout: 20_000 }, async () => {
  const eve = await ownerWithRestaurant(a.test, 'eve@example.com');
  await a.database.query('update onboardings set launched_at = now() where restaurant_id = $1', [eve.restaurantId]);
  const config = testConfig();
  const { user } = await findOrCreateUserByEmail(a.database.db, { email: 'eve@example.com' });
  const session = await issueSession(a.database.db, user.id, {
    accessKey: deriveKeys(config.secretKey ?? '').accessToken,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlDays: config.refreshTokenTtlDays,
    clock: () => new Date(),
  });
  const board = await boardOn(b, session.access);
  expect((await a.test.app.inject({ method: 'POST', url: '/api/v2/auth/logout/', payload: { refresh: session.refresh } })).statusCode).toBe(200);
  let message = await board.next();
  while (message) message = await board.next();
  expect(message).toBeNull();
});
