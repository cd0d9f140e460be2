// Runs only against real PostgreSQL (TEST_DATABASE_URL): a server process is killed with SIGKILL
// while its transaction waits, between Stripe's answer and its own commit (issue 44, item 3).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlacedOrder, TrackedOrder } from '#contracts/ordering';
import { startServerProcess, type ServerProcess } from '../../../scripts/server-process';
import { memoryMailer } from '../accounts/auth-helpers';
import { freshDatabase } from '../test-app';
import { startCardStore, type CardStore } from './card-store';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let store: CardStore;
let dataDir: string;
const running: ServerProcess[] = [];

/** A server process on the test's database and the Stripe double, as `npm start` runs with STRIPE_* set. */
const startServer = async () => {
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-app-built'),
      DATABASE_URL: fresh.url!,
      SECRET_KEY: 'card-kill-test-secret-key-of-32-characters',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      STRIPE_SECRET_KEY: store.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: store.webhookSecret,
      STRIPE_API_URL: store.stripe.url,
    },
    { startTimeoutMs: 90_000 },
  );
  running.push(server);
  return server;
};

beforeAll(async () => {
  fresh = await freshDatabase();
  // The store is set up through an app in this process, on the same database the server processes serve.
  store = await startCardStore({ slug: 'kill-door', ownerEmail: 'kill@example.com', mailer: memoryMailer(), database: fresh.database });
  dataDir = await mkdtemp(join(tmpdir(), 'card-kill-'));
}, 120_000);
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await store?.close();
  await fresh?.dispose();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** Polls `read` until `done` says so: at most `tries` times, 100 ms apart. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 300): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < tries && !done(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

it('leaves the order waiting when the server is killed before its commit, and the webhook places it on the server that comes back', {
  timeout: 240_000,
}, async () => {
  const { stripe, t, menu } = store;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v2/storefront/kill-door/orders/',
    headers: { 'idempotency-key': 'kill-order-1' },
    payload: {
      fulfilment: 'pickup',
      lines: [{ item_id: menu.dish, size_id: menu.size, quantity: 1, extra_selection_ids: [menu.crust] }],
      customer: { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' },
      scheduled_for: null,
      payment: 'card',
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as PlacedOrder;
  const session = new URL(order.payment.checkout_url!).pathname.split('/').pop()!;
  const status = async () => (await fresh.database.query(`select status from orders where id = ${order.id}`))[0]!.status as string;

  const doomed = await startServer();
  stripe.holdWebhooks();
  stripe.pay(session);

  // Another connection holds the order's row: the server's transaction will wait on it after Stripe answered.
  const holder = new pg.Client({ connectionString: fresh.url });
  const watcher = new pg.Client({ connectionString: fresh.url });
  await holder.connect();
  await watcher.connect();
  try {
    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [order.id]);
    const returned = fetch(`${doomed.url}/api/v2/orders/track/${order.token}/payment/`, { method: 'POST', signal: AbortSignal.timeout(120_000) }).catch(
      (error: unknown) => error,
    );
    const waiting = async () =>
      Number(
        (await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0].n,
      );
    expect(await until(waiting, (n) => n > 0)).toBe(1);
    // Stripe has answered that the session is paid: the server read it before its transaction began.
    expect(stripe.requests.some((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${session}` && request.status === 200)).toBe(
      true,
    );

    doomed.child.kill('SIGKILL');
    await doomed.exited;
    expect(await returned).toBeInstanceOf(Error);
    await holder.query('rollback');
    // The killed server's connection ends with nothing of its transaction committed.
    expect(await until(waiting, (n) => n === 0)).toBe(0);
  } finally {
    await holder.end();
    await watcher.end();
  }
  expect(await status()).toBe('awaiting_payment');

  // The server comes back; Stripe's held events reach it and place the order, once.
  const back = await startServer();
  stripe.setWebhookUrl(`${back.url}/api/v2/payments/stripe/webhook/`);
  stripe.releaseWebhooks('as-sent');
  await stripe.webhooksSettled();
  const tracked = (await (await fetch(`${back.url}/api/v2/orders/track/${order.token}/`, { signal: AbortSignal.timeout(20_000) })).json()) as TrackedOrder;
  expect(tracked).toMatchObject({ status: 'placed', payment: { method: 'card', state: 'authorized', paid: order.total } });
  const events = await fresh.database.query(`select count(*)::int as n from order_events where order_id = ${order.id} and status = 'placed'`);
  expect(events[0]!.n).toBe(1);
  expect(stripe.events().every((sent) => sent.deliveries.every((delivery) => 'status' in delivery && delivery.status === 200))).toBe(true);
});
