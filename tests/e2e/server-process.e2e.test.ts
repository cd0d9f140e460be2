import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runScript, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { LOCK_FILE } from '#server/db/data-dir-lock';
import { PGLITE_EXTENSIONS } from '#server/db/database';
import { DIST_DIR } from './harness';

/**
 * The server as `npm run serve` runs it, on the embedded database in `dataDir`. On a fresh folder
 * it creates and migrates the database first: with three browser files on two cores that has
 * taken over 30 s.
 */
const startServer = (dataDir: string) =>
  startServerProcess(
    { DATA_DIR: dataDir, STATIC_DIR: DIST_DIR, DATABASE_URL: '', LOG_LEVEL: 'info', SIGNUP_LIMIT_PER_MINUTE: '1000' },
    { startTimeoutMs: 90_000 },
  );

const signUp = (url: string, index: number) =>
  fetch(`${url}/api/messages/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ zip_code: '10001', email: `owner${index}@example.com` }),
  });

async function storedEmails(dataDir: string): Promise<string[]> {
  const db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
  try {
    return (await db.query<{ email: string }>('select email from messages order by id')).rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}

/**
 * A data folder holding a copy of the run's migrated database (tests/e2e/global-setup.ts), for a
 * test about something else than a first start: the server finds nothing to migrate.
 */
async function migratedFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  await cp(join(inject('e2eDataTemplate'), 'pgdata'), join(folder, 'pgdata'), { recursive: true });
  return folder;
}

const lockHolder = async (dataDir: string) => (JSON.parse(await readFile(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

let dataDir: string;
let running: ServerProcess | undefined;
afterEach(async () => {
  running?.child.kill('SIGKILL');
  running = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  // Two starts on a fresh folder (creating and migrating the database, then taking the stale lock
  // over): minutes on a loaded machine. The file's only first start on an empty folder.
  it('loses no acknowledged sign-up when killed with SIGKILL between sign-ups', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rp-kill-'));
    running = await startServer(dataDir);
    for (let index = 0; index < 5; index += 1) {
      expect((await signUp(running.url, index)).status).toBe(201);
    }
    const killed = running.child.pid;
    running.child.kill('SIGKILL');
    await running.exited;
    running = undefined;
    // Its lock on the data folder stays behind, naming a process that is gone.
    expect(await lockHolder(dataDir)).toBe(killed);

    expect(await storedEmails(dataDir)).toEqual([0, 1, 2, 3, 4].map((index) => `owner${index}@example.com`));

    // And the server starts again on the same data folder, taking that stale lock over, and
    // keeps accepting sign-ups.
    running = await startServer(dataDir);
    expect(await lockHolder(dataDir)).toBe(running.child.pid);
    expect((await signUp(running.url, 5)).status).toBe(201);
  }, 180_000);

  it('on SIGTERM finishes the requests it accepted, stores exactly those, closes the database and exits 0', async () => {
    dataDir = await migratedFolder('rp-term-');
    running = await startServer(dataDir);
    const server = running;
    const requests = Array.from({ length: 30 }, (_, index) =>
      signUp(server.url, index).then(
        (response) => response.status,
        () => 'refused' as const,
      ),
    );
    await Promise.race(requests);
    server.child.kill('SIGTERM');
    const outcomes = await Promise.all(requests);
    expect(await server.exited).toBe(0);
    running = undefined;

    // Every request either completed (201) or was turned away before any work began (the
    // connection refused, or 503 from a server that is closing): nothing half-done.
    expect(
      outcomes.filter((outcome) => outcome !== 201 && outcome !== 'refused' && outcome !== 503),
      String(outcomes),
    ).toEqual([]);
    const acknowledged = outcomes.filter((outcome) => outcome === 201).length;
    expect(acknowledged).toBeGreaterThan(0);
    expect(await storedEmails(dataDir)).toHaveLength(acknowledged);
    expect(server.log()).toContain('"msg":"stopped"');
    // The data folder is free again.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

// One server for the whole block (starting one costs seconds on a busy machine); the tests run in order.
describe('with a server running on the embedded database', () => {
  let folder: string;
  let server: ServerProcess | undefined;
  const env = () => ({ DATA_DIR: folder, DATABASE_URL: '', STATIC_DIR: DIST_DIR, LOG_LEVEL: 'warn' });
  beforeAll(async () => {
    // A copy of the migrated database: the server has nothing to create; 90 s all the same, as
    // beside two other browser files on a loaded machine a start took over 30 s.
    folder = await migratedFolder('rp-lock-server-');
    server = await startServerProcess(env(), { startTimeoutMs: 90_000 });
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await rm(folder, { recursive: true, force: true });
  });

  const login = (email: string, password: string) =>
    fetch(`${server!.url}/api/v2/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('serves the built app: pages, its entry script, robots.txt as text, and 404 for a script that is not there', async () => {
    const page = await fetch(`${server!.url}/backoffice/menu`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(entry).toBeDefined();
    const script = await fetch(`${server!.url}${entry}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');

    // A chunk of an older deploy: a 404 the browser reports, not the app's page parsed as script.
    const gone = await fetch(`${server!.url}${entry!.replace(/\.js$/, '-gone.js')}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).not.toContain('text/html');

    const robots = await fetch(`${server!.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('Disallow: /backoffice');
  });

  it('create-admin makes the admin through the running server, who can sign in at once', async () => {
    const made = await runScript('server/cli/create-admin-cli.ts', ['--email', 'admin@example.com', '--password', 'admin password'], env());
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain(`The server running on ${folder} (pid ${server!.child.pid}) ran the command:`);
    expect(made.stdout).toContain('Created admin@example.com');
    expect(made.code).toBe(0);
    expect((await login('admin@example.com', 'admin password')).status).toBe(200);

    // Usage errors come back from the server too, with the command's own exit code.
    const refused = await runScript('server/cli/create-admin-cli.ts', ['--email', 'not-an-email'], env());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--email: Please enter a valid email.');
  });

  it('a second server and db:migrate on the same folder refuse, saying to stop the server', async () => {
    // A second server that starts anyway is stopped again, so a regression leaves no process behind.
    const second = await startServerProcess(env()).then(
      async (started) => `started (exit ${await started.stop()})`,
      (error: Error) => error.message,
    );
    expect(second).toContain(`${folder} is in use by the server (pid ${server!.child.pid}`);
    expect(second).toContain('Stop that server before starting another on this folder');

    const migrate = await runScript('server/db/migrate-cli.ts', [], env());
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain('The server applies pending migrations when it starts');
    expect(migrate.stderr).toContain('Stop it first');
    expect(migrate.stdout).not.toContain('Migrations applied');

    // The running server was not disturbed.
    expect((await fetch(`${server!.url}/api/v2/health/`)).status).toBe(200);
  });

  it('create-admin refuses without writing when the server cannot take the request', async () => {
    // The channel gone, as while a server is still starting: only the lock says a server runs.
    await rm(join(folder, 'control'), { recursive: true });
    const refused = await runScript('server/cli/create-admin-cli.ts', ['--email', 'other@example.com', '--password', 'admin password'], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${folder} is in use by the server`);
    expect(refused.stderr).toContain('Stop the server, then run create-admin again.');
    expect(refused.stdout).toBe('');
    expect((await login('other@example.com', 'admin password')).status).toBe(401);
  });
});
