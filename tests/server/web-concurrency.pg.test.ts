// Runs only against real PostgreSQL (TEST_DATABASE_URL): WEB_CONCURRENCY=2 starts two server
// processes on one port and database, and stops them together.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from './test-app';
import { startServerProcess } from '../../scripts/server-process';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
beforeAll(async () => {
  fresh = await freshDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'web-concurrency-'));
});
afterAll(async () => {
  await fresh.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

/** The pids of the processes that have logged `msg` (JSON log lines). */
const pidsThatLogged = (output: string, msg: RegExp) =>
  new Set(
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { pid: number; msg: string })
      .filter((entry) => msg.test(entry.msg))
      .map((entry) => entry.pid),
  );

it('WEB_CONCURRENCY=2 serves one port from two processes and stops them both on SIGTERM', { timeout: 120_000 }, async () => {
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-app-built'),
      DATABASE_URL: fresh.url!,
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '2',
      SECRET_KEY: 'web-concurrency-test-secret-key-32-chars',
    },
    { startTimeoutMs: 90_000 },
  );
  try {
    for (let attempt = 0; attempt < 100 && pidsThatLogged(server.log(), /^Server listening/).size < 2; attempt += 1) {
      await new Promise((done) => setTimeout(done, 200));
    }
    const listening = server.log().match(/Server listening at http:\/\/127\.0\.0\.1:\d+/g) ?? [];
    expect(pidsThatLogged(server.log(), /^Server listening/).size).toBe(2);
    expect(new Set(listening)).toEqual(new Set([`Server listening at ${server.url}`]));
    const health = await fetch(`${server.url}/api/v2/health/`, { signal: AbortSignal.timeout(20_000) });
    expect(await health.json()).toEqual({ status: 'ok', database: true });
    expect(server.log()).toContain('rate limits are counted per process: without REDIS_URL each of the 2 processes');
  } finally {
    expect(await server.stop()).toBe(0);
  }
  expect(pidsThatLogged(server.log(), /^stopped$/).size).toBe(3);
});
