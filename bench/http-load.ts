// GET load for the paged list's ratio: wrk when it is installed (C, like pgbench on the database's
// side of the ratio), else autocannon. On two shared cores the load generator's own CPU is taken
// from the server: autocannon (JavaScript) spends about as much per request as the server's
// routing does, wrk a fraction of it. BENCH_LOAD=autocannon forces autocannon.
import { spawn, spawnSync } from 'node:child_process';
import { SECONDS, measure, type Measured } from './server';

export type GetLoad = { url: string; path: string; headers: Record<string, string>; connections: number; seconds?: number };

let wrkFound: boolean | undefined;
/** Asked of the machine once per bench run, not before every measurement. */
const hasWrk = () => {
  wrkFound ??= process.env.BENCH_LOAD !== 'autocannon' && spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  return wrkFound;
};

/** wrk's "50.00%  8.12ms" style latency, in milliseconds. */
function milliseconds(value: string, unit: string): number {
  const scale: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
  return Number(value) * (scale[unit] ?? Number.NaN);
}

async function wrkMeasure(load: GetLoad): Promise<Measured> {
  const seconds = load.seconds ?? SECONDS;
  const args = ['-t', '2', '-c', String(load.connections), '-d', `${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(load.headers)) args.push('-H', `${name}: ${value}`);
  args.push(`${load.url}${load.path}`);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  });
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /50%\s+([\d.]+)(us|ms|s)/.exec(output);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(output);
  if (!rate?.[1] || !p50 || !p99) throw new Error(`wrk printed what this cannot read:\n${output}`);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return {
    requestsPerSecond: Math.round(Number(rate[1])),
    p50: milliseconds(p50[1]!, p50[2]!),
    p99: milliseconds(p99[1]!, p99[2]!),
    errors,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
  };
}

/** Which generator `measureGet` uses on this machine. */
export const loadGenerator = () => (hasWrk() ? 'wrk, 2 threads' : 'autocannon');

export function measureGet(load: GetLoad): Promise<Measured> {
  if (hasWrk()) return wrkMeasure(load);
  return measure({
    url: load.url,
    connections: load.connections,
    ...(load.seconds === undefined ? {} : { duration: load.seconds }),
    requests: [{ method: 'GET', path: load.path, headers: load.headers }],
  });
}
