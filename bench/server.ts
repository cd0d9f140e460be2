// The server under load, in its own process as `npm run serve` runs it, and one autocannon run.
import autocannon from 'autocannon';
import { startServerProcess } from '../scripts/server-process';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export type Measured = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; bytesPerRequest?: number };

/** `built`: the server as `npm run serve` runs it (dist-server/main.js) rather than from its sources. */
export function startServer(env: Record<string, string>, options: { built?: boolean } = {}) {
  return startServerProcess(
    {
      LOG_LEVEL: 'warn',
      // The limits protect production; here they would measure the limiter, not the server
      // (a section that measures a limit sets it in `env`).
      RATE_LIMIT_PER_MINUTE: '100000000',
      SIGNUP_LIMIT_PER_MINUTE: '100000000',
      SIGNUP_LIMIT_PER_EMAIL_PER_HOUR: '100000000',
      ORDER_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    { inheritOutput: true, startTimeoutMs: 90_000, ...(options.built ? { nodeArgs: ['dist-server/main.js'] } : {}) },
  );
}

/** Loads `url` with autocannon for SECONDS and reduces the result to the figures the tables print. */
export async function measure(options: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}
