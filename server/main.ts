// Starts the server: `npm start` (after a build) or `node --import tsx server/main.ts`.
import cluster from 'node:cluster';
import { buildApp } from './app';
import { runClusterPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { stopGracefullyOnSignals } from './shutdown';

async function main() {
  const config = loadConfig();
  // WEB_CONCURRENCY > 1: this process only starts and watches the server processes.
  if (config.webConcurrency > 1 && cluster.isPrimary) return runClusterPrimary(config);
  const app = await buildApp(config);

  stopGracefullyOnSignals(app, config.shutdownTimeoutMs);

  await app.listen({ port: config.port, host: config.host });
}

/** Mistakes that are the operator's to fix: said plainly, without a stack trace. */
function explain(error: unknown): unknown {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof DataDirLockedError) {
    return `${error.message}\nStop that server before starting another on this folder, or set DATABASE_URL: several servers can share one PostgreSQL.`;
  }
  return error;
}

main().catch((error: unknown) => {
  console.error(explain(error));
  process.exit(1);
});
