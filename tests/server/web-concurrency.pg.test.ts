// Runs only against real PostgreSQL (TEST_DATABASE_URL): WEB_CONCURRENCY=2 starts two server
// processes on one port and database, and stops them together.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from './test-app';
import { startServerProcess } from './server-process';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh.dispose());

/** The pids of the processes that have logged `msg` (JSON log lines). */
const pidsThatLogged = (output: string, msg: RegExp) =>
  new Set(output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { pid: number; msg: string })
    .filter((entry) => msg.test(entry.msg)).map((entry) => entry.pid));

it('WEB_CONCURRENCY=2 serves one port from two processes and stops them both on SIGTERM', { timeout: 120_000 }, async () => {
  // PORT=0: the cluster's primary picks one free port and both workers listen on it.
  const server = await startServerProcess({ DATABASE_URL: fresh.url!, WEB_CONCURRENCY: '2', PORT: '0', SECRET_KEY: 'web-concurrency-test-secret-key-32-chars' });
  try {
    for (let attempt = 0; attempt < 100 && pidsThatLogged(server.output(), /^Server listening/).size < 2; attempt += 1) {
      await new Promise((done) => setTimeout(done, 200));
    }
    const listening = server.output().match(/Server listening at http:\/\/127\.0\.0\.1:\d+/g) ?? [];
    expect(pidsThatLogged(server.output(), /^Server listening/).size).toBe(2);
    expect(new Set(listening)).toEqual(new Set([`Server listening at ${server.origin}`]));
    const health = await fetch(`${server.origin}/api/v2/health/`, { signal: AbortSignal.timeout(20_000) });
    expect(await health.json()).toEqual({ status: 'ok', database: true });
    expect(server.output()).toContain('rate limits are counted per process: without REDIS_URL each of the 2 processes');
  } finally {
    expect(await server.stop()).toBe(0);
  }
  expect(pidsThatLogged(server.output(), /^stopped$/).size).toBe(3);
});
