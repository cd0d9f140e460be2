// Issue 16, item 4, on PostgreSQL: the same shutdown as graceful-shutdown.test.ts, the server
// process on a database of this run's own (TEST_DATABASE_URL).
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { shutDownWithRequestsInFlight } from './graceful-shutdown';
import { freshDatabase } from './test-app';

let server: ServerProcess | undefined;
let dispose: (() => Promise<void>) | undefined;
let database: Awaited<ReturnType<typeof freshDatabase>>['database'] | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await dispose?.();
});

async function startOnFreshDatabase(): Promise<ServerProcess> {
  const fresh = await freshDatabase();
  dispose = fresh.dispose;
  database = fresh.database;
  const [row] = await fresh.database.query('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${String(row?.name)}`;
  return startServerProcess({
    DATABASE_URL: url.toString(),
    STATIC_DIR: '/nonexistent-static-dir',
    LOG_LEVEL: 'info',
    SECRET_KEY: 'test-secret-key-with-at-least-32-characters',
  });
}

describe('graceful shutdown on PostgreSQL', () => {
  // Issue 28: an audit saw the PostgreSQL server wait out its whole grace period with nothing in
  // flight. Past the grace period it exits 1 saying so; stopping at once exits 0.
  it("with nothing in flight, stops at once: exit 0, not the grace period's exit 1", async () => {
    server = await startOnFreshDatabase();
    expect((await fetch(`${server.url}/api/v2/health/`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.log()).not.toContain('shutdown took too long');
    expect(server.log()).toContain('"msg":"stopped"');
  }, 60_000);

  it('finishes the request in flight, answers new ones 503 with Connection: close, keeps the write and exits 0', async () => {
    server = await startOnFreshDatabase();
    const email = await shutDownWithRequestsInFlight(server);

    expect(await database!.query('select email from messages')).toEqual([{ email }]);
  }, 60_000);
});
