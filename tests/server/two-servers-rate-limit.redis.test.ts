// Runs only with TEST_REDIS_URL: two server processes, each with its own data folder and
// embedded database, count one client's requests together through Redis alone.
import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '#server/db/database';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';

/** A data folder whose embedded database is this run's migrated template (migrating takes seconds). */
async function migratedDataDir(dataDir: string): Promise<void> {
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  const pglite = await PGlite.create(join(dataDir, 'pgdata'), { loadDataDir: template, extensions: PGLITE_EXTENSIONS });
  await pglite.close();
}

const dataDirs: string[] = [];
let servers: ServerProcess[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) {
    const dataDir = await mkdtemp(join(tmpdir(), 'two-servers-rate-limit-'));
    dataDirs.push(dataDir);
    await migratedDataDir(dataDir);
  }
  servers = await Promise.all(
    dataDirs.map((dataDir) =>
      startServerProcess(
        {
          DATA_DIR: dataDir,
          STATIC_DIR: join(dataDir, 'no-app-built'),
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          REDIS_URL: process.env.TEST_REDIS_URL!,
          SECRET_KEY: 'rate-limits-shared-by-two-processes-key',
          TRUST_PROXY: '1',
          AUTH_LIMIT_PER_MINUTE: '3',
        },
        { startTimeoutMs: 150_000 },
      ),
    ),
  );
}, 180_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
}, 60_000);

it('holds one client to AUTH_LIMIT_PER_MINUTE across two server processes', { timeout: 60_000 }, async () => {
  // An address of this run's own, so counters left in Redis by earlier runs cannot interfere.
  const client = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const login = (server: ServerProcess) =>
    fetch(`${server.url}/api/v2/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
      signal: AbortSignal.timeout(20_000),
    });
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const statuses = [];
  for (const server of [a, b, a]) statuses.push((await login(server)).status);
  expect(statuses).toEqual([401, 401, 401]);
  const refused = await login(b);
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
  // Another client is not held back by the first one's count.
  const other = await fetch(`${b.url}/api/v2/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.19.${randomInt(256)}.${randomInt(1, 255)}` },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
    signal: AbortSignal.timeout(20_000),
  });
  expect(other.status).toBe(401);
});
