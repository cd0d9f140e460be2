// Issue 16, item 4, on the embedded database: the server process finishes what it took, turns
// new requests away with 503 and `Connection: close`, writes the database out and exits 0.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { PGLITE_EXTENSIONS } from '#server/db/database';
import { shutDownWithRequestsInFlight } from './graceful-shutdown';

let dataDir: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown on PGlite', () => {
  it('finishes the request in flight, answers new ones 503 with Connection: close, stores the write and exits 0', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rp-shutdown-'));
    // Seeded from this run's migrated template: a server creating the database itself takes seconds.
    const seed = await PGlite.create(join(dataDir, 'pgdata'), {
      loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
      extensions: PGLITE_EXTENSIONS,
    });
    await seed.close();
    server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: '/nonexistent-static-dir', LOG_LEVEL: 'info' },
      { startTimeoutMs: 90_000 },
    );
    const email = await shutDownWithRequestsInFlight(server);

    // The database was closed properly: the next process to open the folder finds the write.
    const db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
    try {
      expect((await db.query<{ email: string }>('select email from messages')).rows).toEqual([{ email }]);
    } finally {
      await db.close();
    }
  }, 150_000);
});
