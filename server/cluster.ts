import cluster, { type Worker } from 'node:cluster';
import { ConfigError, type Config } from './config';
import { loadSecret } from './domain/shared/keys';

/** A worker that exits this soon after it was started failed to start: starting more would loop. */
const STARTUP_GRACE_MS = 30_000;

/** One JSON log line, in the shape the workers' logger (pino) writes, so one log reader reads both. */
function log(level: 'info' | 'warn' | 'error', msg: string, details: object = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'primary', ...details, msg })}\n`);
}

/**
 * WEB_CONCURRENCY=N (N > 1): this process starts N server processes that share its port
 * (node:cluster hands them connections in turn), replaces one that dies, and on SIGTERM or
 * SIGINT passes the signal on and exits once they have all finished their requests.
 */
export async function runClusterPrimary(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${config.webConcurrency} server processes need DATABASE_URL: ` +
        'the embedded database (PGlite) opens in one process only, so set DATABASE_URL to a PostgreSQL that they share, or WEB_CONCURRENCY=1.',
    );
  }
  // Made once here, so that no two workers race to generate different secrets.
  await loadSecret(config);
  if (!config.redisUrl) {
    log(
      'warn',
      `rate limits are counted per process: without REDIS_URL each of the ${config.webConcurrency} processes allows a client its own RATE_LIMIT_PER_MINUTE`,
    );
  }

  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const start = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        log('info', 'stopped');
        process.exit(0);
      }
      return;
    }
    if (lived < STARTUP_GRACE_MS && code !== 0) {
      log('error', 'a server process failed to start (its own log says why); stopping the others', { worker: worker.process.pid, code });
      stopping = true;
      process.exitCode = 1;
      for (const other of startedAt.keys()) other.process.kill('SIGTERM');
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    log('warn', 'a server process ended; starting another', { worker: worker.process.pid, code, signal });
    start();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down: passing the signal to every server process', { signal });
    for (const worker of startedAt.keys()) worker.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  log('info', `starting ${config.webConcurrency} server processes on port ${config.port}`);
  for (let i = 0; i < config.webConcurrency; i += 1) start();
}
