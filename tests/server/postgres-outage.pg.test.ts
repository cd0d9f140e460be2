// Runs only against real PostgreSQL (TEST_DATABASE_URL): cuts the connection to the
// database server and restores it, as a restart or a network partition would.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { fromPostgresUrl } from '#server/db/database';
import { freshDatabase, testConfig } from './test-app';

/** A TCP relay to PostgreSQL that can be cut (dropping every connection) and restored. */
class SwitchableRelay {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done) => this.server!.listen(this.port, '127.0.0.1', done));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((done) => this.server?.close(done));
  }
}

describe('PostgreSQL outage', () => {
  let relay: SwitchableRelay;
  let dispose: () => Promise<void>;
  let url: URL;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    dispose = fresh.dispose;
    // The fresh database is only used for its name; the app below reaches it through the relay.
    const rows = await fresh.database.query('select current_database() as name');
    await fresh.database.close();
    url = new URL(process.env.TEST_DATABASE_URL!);
    relay = new SwitchableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    url.pathname = `/${String(rows[0]?.name)}`;
  });
  afterAll(async () => {
    await relay.cut().catch(() => undefined);
    await dispose();
  });

  it('answers 503 while the database is gone, keeps running, and recovers when it returns', async () => {
    const app = await buildApp(testConfig(), { database: fromPostgresUrl(url.toString(), 2) });
    const health = () => app.inject({ method: 'GET', url: '/api/v2/health/' });
    const signUp = (email: string) => app.inject({ method: 'POST', url: '/api/messages/', payload: { zip_code: '10001', email } });
    try {
      expect((await health()).statusCode).toBe(200);
      expect((await signUp('before@example.com')).statusCode).toBe(201);

      await relay.cut();
      expect((await health()).json()).toEqual({ status: 'degraded', database: false });
      const during = await signUp('during@example.com');
      expect(during.statusCode).toBe(503);
      expect(during.json()).toMatchObject({ code: 'database_unavailable' });

      await relay.open();
      expect((await health()).statusCode).toBe(200);
      expect((await signUp('after@example.com')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});
