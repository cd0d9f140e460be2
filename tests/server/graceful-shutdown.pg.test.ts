// Issue 16, item 4, on PostgreSQL: the same shutdown as graceful-shutdown.test.ts, the server
// process on a database of this run's own (TEST_DATABASE_URL).
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { shutDownWithRequestsInFlight } from './graceful-shutdown';
import { freshDatabase } from './test-app';

let server: ServerProcess | undefined;
let dispose: (() => Promise<void>) | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await dispose?.();
});

describe('graceful shutdown on PostgreSQL', () => {
  it('finishes the request in flight, answers new ones 503 with Connection: close, keeps the write and exits 0', async () => {
    const fresh = await freshDatabase();
    dispose = fresh.dispose;
    const [row] = await fresh.database.query('select current_database() as name');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${String(row?.name)}`;
    server = await startServerProcess({
      DATABASE_URL: url.toString(),
      STATIC_DIR: '/nonexistent-static-dir',
      LOG_LEVEL: 'info',
      SECRET_KEY: 'test-secret-key-with-at-least-32-characters',
    });
    const email = await shutDownWithRequestsInFlight(server);

    expect(await fresh.database.query('select email from messages')).toEqual([{ email }]);
  }, 60_000);
});
