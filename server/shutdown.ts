import type { FastifyInstance } from 'fastify';

/**
 * On SIGTERM or SIGINT: requests already taken finish while new ones get 503 with
 * `Connection: close` (plugins/draining.ts), then the server stops listening and closes its
 * kept-alive connections, the database closes (PGlite writes everything out), and the process
 * exits 0. Past `graceMs` it exits 1 whatever is left.
 */
export function stopGracefullyOnSignals(app: FastifyInstance, graceMs: number): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs).unref();
    await app.drain(graceMs);
    await app.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
