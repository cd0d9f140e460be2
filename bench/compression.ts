// A large JSON list (200 toppings) fetched with brotli, gzip and no compression: bytes and speed.
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECRET_KEY, createOwner, signInWithRestaurant } from './owner';
import { CONNECTIONS, SECONDS, measure, startServer } from './server';

const LIST_SIZE = 200;

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

export async function benchCompression(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-list-'));
  try {
    const userId = await createOwner({ dataDir });
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY });
    try {
      const token = await signInWithRestaurant(server.url, userId);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      for (let index = 1; index <= LIST_SIZE; index += 1) {
        await fetch(`${server.url}/api/v2/toppings/`, { method: 'POST', headers, body: JSON.stringify({ name: `Topping number ${index}` }) });
      }
      const path = `/api/v2/toppings/?page_size=${LIST_SIZE}`;
      const rows = [];
      for (const encoding of ['br', 'gzip', 'identity']) {
        const requestHeaders = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
        const bytes = await bytesOnTheWire(`${server.url}${path}`, requestHeaders);
        const result = await measure({ url: server.url, requests: [{ method: 'GET', path, headers: requestHeaders }] });
        rows.push({ 'accept-encoding': encoding, 'bytes per answer': bytes, 'req/s': result.requestsPerSecond, 'p50 ms': result.p50, 'p99 ms': result.p99 });
      }
      console.log(`\nGET /api/v2/toppings/ with ${LIST_SIZE} rows, ${SECONDS} s per encoding, ${CONNECTIONS} connections, PGlite`);
      console.table(rows);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
