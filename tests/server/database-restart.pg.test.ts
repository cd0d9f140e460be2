// Runs with the PostgreSQL server tests (TEST_DATABASE_URL), but on a PostgreSQL cluster of its
// own (scripts/private-postgres.ts): it ends the database's sessions and stops and restarts the
// database, fast and immediate, while owners save, and the machine's shared PostgreSQL must not
// notice. Issue 16: the server must answer 503 meanwhile, recover by itself, and lose no
// acknowledged write.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../../scripts/private-postgres';
import { fromPostgresUrl, type Database } from '#server/db/database';
import { ownerWithRestaurant, type Caller } from './menu/menu-helpers';
import { createTestApp, type TestApp } from './test-app';
import { startWriters, storedWrites, tally, type Send, type WriteOutcome } from '../../scripts/soak/write-load';

const POOL_MAX = 4;
let cluster: PrivatePostgres;
let database: Database;
let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  database = fromPostgresUrl(cluster.url, POOL_MAX);
  await database.migrate();
  t = await createTestApp({
    database,
    config: { rateLimitPerMinute: 1_000_000, signupLimitPerMinute: 1_000_000, signupLimitPerEmailPerHour: 1_000_000 },
  });
  owner = await ownerWithRestaurant(t, 'owner@example.com');
}, 60_000);
afterAll(async () => {
  try {
    await t?.close();
    await database?.close();
  } finally {
    // Whatever happened above: the cluster's processes run detached and would outlive the run.
    await cluster?.remove();
  }
}, 60_000);

/** The writers' requests through app.inject: the server in this process, its pool on the private cluster. */
const send: Send = async ({ path, body, token }) => {
  const response = await t.app.inject({ method: 'POST', url: path, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const retryAfter = response.headers['retry-after'];
  return { status: response.statusCode, retryAfter: retryAfter === undefined ? undefined : String(retryAfter), body: response.json() };
};
const health = () => t.app.inject({ method: 'GET', url: '/api/v2/health/' });

/** Polls the health check until the database answers again: the server reconnects by itself. */
async function recovered(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await health()).statusCode === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the server did not recover within 10 s of the database returning');
}

describe('the database lost and back under concurrent writes', () => {
  it('answers 503 database_unavailable with Retry-After meanwhile, recovers by itself, and keeps every acknowledged write whole', async () => {
    const writers = startWriters(send, owner.token, 4);
    const refusedWhileDown: WriteOutcome[] = [];
    try {
      await writers.acknowledgedMore(20);
      expect(await cluster.terminateBackends()).toBeGreaterThan(0);
      await writers.acknowledgedMore(20);

      for (const mode of ['fast', 'immediate'] as const) {
        await cluster.stop(mode);
        // Requests while it is down: refused in the common shape, and the process lives on.
        refusedWhileDown.push(await writers.writeOnce());
        expect((await health()).statusCode).toBe(503);
        await cluster.start();
        await recovered();
        await writers.acknowledgedMore(20);
      }
    } finally {
      await writers.stop();
    }

    for (const refused of refusedWhileDown) {
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe('5');
      expect(refused.body).toEqual({ detail: 'The service is temporarily unavailable. Please try again shortly.', code: 'database_unavailable' });
    }
    // Every write was acknowledged or refused as unavailable: never a 500, never another answer.
    const outcomes = writers.outcomes();
    expect(
      outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 503),
      JSON.stringify(outcomes.slice(0, 3)),
    ).toEqual([]);
    for (const outcome of outcomes.filter((o) => o.status === 503)) {
      expect(outcome.body).toMatchObject({ code: 'database_unavailable' });
      expect(outcome.retryAfter).toBe('5');
    }

    // The pool is whole again: as many transactions at once as it has connections (a client lost
    // mid-checkout and never given back would leave one waiting until it timed out).
    await Promise.all(Array.from({ length: POOL_MAX }, () => database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.2)`))));

    const figures = tally(outcomes, await storedWrites((text) => database.query(text)));
    expect(figures.acknowledged).toBeGreaterThanOrEqual(60);
    // No acknowledged write lost, and no half-written one: a refused transaction left nothing, or
    // (its commit reached the database just before the connection broke) everything.
    expect(figures.lost).toEqual([]);
    expect(figures.partial).toEqual([]);
  }, 60_000);
});
