import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { DIST_DIR } from './harness';

/** The server as `npm run serve` runs it, on the embedded database in `dataDir`. */
const startServer = (dataDir: string) =>
  startServerProcess({ DATA_DIR: dataDir, STATIC_DIR: DIST_DIR, DATABASE_URL: '', LOG_LEVEL: 'info', SIGNUP_LIMIT_PER_MINUTE: '1000' });

const signUp = (url: string, index: number) =>
  fetch(`${url}/api/messages/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ zip_code: '10001', email: `owner${index}@example.com` }),
  });

async function storedEmails(dataDir: string): Promise<string[]> {
  const db = await PGlite.create(join(dataDir, 'pgdata'));
  try {
    return (await db.query<{ email: string }>('select email from messages order by id')).rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}

let dataDir: string;
let running: ServerProcess | undefined;
afterEach(async () => {
  running?.child.kill('SIGKILL');
  running = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('loses no acknowledged sign-up when killed with SIGKILL between sign-ups', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rp-kill-'));
    running = await startServer(dataDir);
    for (let index = 0; index < 5; index += 1) {
      expect((await signUp(running.url, index)).status).toBe(201);
    }
    running.child.kill('SIGKILL');
    await running.exited;
    running = undefined;

    expect(await storedEmails(dataDir)).toEqual([0, 1, 2, 3, 4].map((index) => `owner${index}@example.com`));

    // And the server starts again on the same data folder and keeps accepting sign-ups.
    running = await startServer(dataDir);
    expect((await signUp(running.url, 5)).status).toBe(201);
  });

  it('on SIGTERM finishes the requests it accepted, stores exactly those, closes the database and exits 0', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rp-term-'));
    running = await startServer(dataDir);
    const server = running;
    const requests = Array.from({ length: 30 }, (_, index) =>
      signUp(server.url, index).then((response) => response.status, () => 'refused' as const));
    await Promise.race(requests);
    server.child.kill('SIGTERM');
    const outcomes = await Promise.all(requests);
    expect(await server.exited).toBe(0);
    running = undefined;

    // Every request either completed (201) or was turned away before any work began (the
    // connection refused, or 503 from a server that is closing): nothing half-done.
    expect(outcomes.filter((outcome) => outcome !== 201 && outcome !== 'refused' && outcome !== 503), String(outcomes)).toEqual([]);
    const acknowledged = outcomes.filter((outcome) => outcome === 201).length;
    expect(acknowledged).toBeGreaterThan(0);
    expect(await storedEmails(dataDir)).toHaveLength(acknowledged);
    expect(server.log()).toContain('"msg":"stopped"');
  });
});
