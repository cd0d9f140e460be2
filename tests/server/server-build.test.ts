// The server as production runs it: bundled by scripts/build.mjs into dist-server/ and started
// with plain node. Guards what only the bundle can get wrong: files found beside a module (the
// migrations), a command-line entry that must not run inside the server's bundle, and every
// production command loading without tsx.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runNode, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { PGLITE_EXTENSIONS } from '#server/db/database';

let dataDir: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  server = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

beforeAll(async () => {
  // What npm start does first: build the server unless its build is current.
  const built = await runNode(['scripts/build.mjs', '--if-changed', '--quiet', 'server'], {}, 120_000);
  expect(built.code, built.stderr).toBe(0);
}, 150_000);

describe('the built server (dist-server/)', () => {
  it('starts with plain node, migrates from its own copy of the migrations, and runs its commands', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rp-built-'));
    // Seeded from this run's migrated template (creating the database takes seconds); migrating
    // still reads the migrations folder, which a bundle that lost it would not find.
    const seed = await PGlite.create(join(dataDir, 'pgdata'), {
      loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
      extensions: PGLITE_EXTENSIONS,
    });
    await seed.close();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: '/nonexistent-static-dir', LOG_LEVEL: 'info' };
    server = await startServerProcess(env, { nodeArgs: ['--enable-source-maps', 'dist-server/main.js'], startTimeoutMs: 90_000 });
    expect(await (await fetch(`${server.url}/api/v2/health/`)).json()).toEqual({ status: 'ok', database: true });

    // create-admin beside the running server: handed over through the control socket.
    const made = await runNode(['dist-server/create-admin.js', '--email', 'built@example.com', '--password', 'Long-pass-phrase-42'], env);
    expect(made.stdout).toContain('ran the command:');
    expect(made.stdout).toContain('Created built@example.com');
    expect(made.code).toBe(0);
    // db:migrate is refused while the server holds the folder (and so has loaded and run).
    const refused = await runNode(['dist-server/db-migrate.js'], env);
    expect(refused.stderr).toContain('Stop it first to run db:migrate on its own.');
    expect(refused.code).toBe(1);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The server's bundle includes create-admin's module: its command must not have run in there.
    expect(server.log()).not.toContain('--email is required');
    server = undefined;

    const migrated = await runNode(['dist-server/db-migrate.js'], env);
    expect(migrated.stdout).toContain('Migrations applied (pglite');
    expect(migrated.code).toBe(0);
    const moved = await runNode(['dist-server/images-migrate.js'], env);
    expect(moved.stdout).toContain('No uploaded images left to move');
    expect(moved.code).toBe(0);
  }, 240_000);
});
