// Issue 40, item 18: one client address asking for a store page, then an order's tracking page,
// as fast as 50 connections can (autocannon, PGlite, the built server in its own process), while
// the health check is asked beside it on one connection: the flood's requests/s, how many of them
// were refused (429), and the health check's p50/p99. Twice: with RATE_LIMIT_PER_MINUTE as
// shipped (300, so 600 page loads a minute per address) and unlimited (what each load costs).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openOrderingStore } from '../scripts/soak/order-store';
import { createOwner, SECRET_KEY, signInWithRestaurant } from './owner';
import { measure, SECONDS, startServer, type Measured } from './server';
import { ensureBuilt } from './storefront-page';

const CONNECTIONS = 50;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const row = (limit: string, page: string, flood: Measured, health: Measured) =>
  `| ${limit} | ${page} | ${flood.requestsPerSecond.toLocaleString('en-US')} | ${flood.non2xx} | ${health.requestsPerSecond.toLocaleString('en-US')} | ${health.p50.toFixed(1)} | ${health.p99.toFixed(1)} |`;

async function floodBesideHealth(url: string, path: string): Promise<[Measured, Measured]> {
  return Promise.all([
    measure({ url, connections: CONNECTIONS, requests: [{ method: 'GET', path, headers: HEADERS }] }),
    measure({ url, connections: 1, requests: [{ method: 'GET', path: '/api/v2/health/' }] }),
  ]);
}

export async function benchStorePagesLoad(): Promise<void> {
  ensureBuilt();
  console.log(`\nStore and tracking pages from one address: ${CONNECTIONS} connections, the health check on 1 beside them, ${SECONDS} s each, PGlite`);
  console.log('| RATE_LIMIT_PER_MINUTE | page | page loads/s | refused (non-2xx) | health/s | health p50 ms | health p99 ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const limit of ['300', '100000000']) {
    const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-pages-'));
    const userId = await createOwner({ dataDir });
    const server = await startServer({ DATA_DIR: dataDir, SECRET_KEY, RATE_LIMIT_PER_MINUTE: limit }, { built: true });
    try {
      const store = await openOrderingStore(server.url, await signInWithRestaurant(server.url, userId));
      const placed = await fetch(`${server.url}/api/v2/storefront/${store.slug}/orders/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          fulfilment: 'pickup',
          lines: [store.line],
          customer: { name: 'Bench Customer', phone: '(312) 555-0199', email: 'bench@example.com' },
          address: null,
          scheduled_for: null,
          note: '',
        }),
      });
      if (placed.status !== 201) throw new Error(`placing the order answered ${placed.status}: ${await placed.text()}`);
      const { token } = (await placed.json()) as { token: string };
      const quiet = await measure({ url: server.url, connections: 1, requests: [{ method: 'GET', path: '/api/v2/health/' }] });
      console.log(
        `| ${limit} | (none: health alone) | | | ${quiet.requestsPerSecond.toLocaleString('en-US')} | ${quiet.p50.toFixed(1)} | ${quiet.p99.toFixed(1)} |`,
      );
      for (const path of [`/${store.slug}`, `/${store.slug}/orders/${token}`]) {
        const [flood, health] = await floodBesideHealth(server.url, path);
        console.log(row(limit, path.replace(token, '{token}'), flood, health));
      }
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
