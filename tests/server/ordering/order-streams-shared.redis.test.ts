/**
 * Runs only with TEST_REDIS_URL (issue 40, item 11): two server processes behind one load
 * balancer count a user's, an address's and a restaurant's order streams together, so a second
 * server is no second share. Nothing passes between them but Redis.
 */
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerWithRestaurant, type Caller } from '../menu/menu-helpers';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';
import { readStream, type StreamReader } from './event-stream-reader';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const servers: { app: TestApp; url: string }[] = [];
const opened: StreamReader[] = [];
let owner: Caller;

beforeAll(async () => {
  fresh = await freshDatabase();
  for (let i = 0; i < 2; i += 1) {
    const app = await createTestApp({ database: fresh.database, config: { redisUrl: process.env.TEST_REDIS_URL, orderStreamsPerUser: 2 } });
    await app.app.listen({ host: '127.0.0.1', port: 0 });
    servers.push({ app, url: `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/api/v2/orders/events/` });
  }
  // A user of their own, so counts left in Redis by earlier runs cannot interfere.
  owner = await ownerWithRestaurant(servers[0]!.app, `shared-${randomInt(1e9)}@example.com`);
  await fresh.database.query('update onboardings set launched_at = now() where restaurant_id = $1', [owner.restaurantId]);
}, 30_000);
afterAll(async () => {
  await Promise.all(opened.map((stream) => stream.close()));
  for (const server of servers) {
    server.app.app.server.closeAllConnections();
    await server.app.close();
  }
  await fresh?.dispose();
}, 30_000);

const openOn = async (server: number) => {
  const stream = await readStream(servers[server]!.url, { authorization: `Bearer ${owner.token}` });
  opened.push(stream);
  return stream.response.status;
};

it("counts a user's order streams on every server together when REDIS_URL is set", { timeout: 10_000 }, async () => {
  expect(await openOn(0)).toBe(200);
  expect(await openOn(1)).toBe(200);
  // Each server holds one of the user's two: a third is refused on either.
  expect(await openOn(0)).toBe(429);
  expect(await openOn(1)).toBe(429);
});
