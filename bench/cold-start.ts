// Cold start: the time from starting a server process to its first 200 from /api/v2/health/, on
// the embedded database, in a fresh data folder (PGlite creates and migrates the database) and
// again in that folder once it exists (the usual restart). Each way of starting the server is
// timed in every round, their order rotating from round to round; medians, fastest and slowest.
// Beside the wall time, the CPU time the process (with npm: npm and the server) had used by
// then, which the other load of a shared machine disturbs far less. Then the share of loading
// the code alone: each way started with PORT=none, which the configuration check refuses right
// after every module has been loaded, timed until the process exits.
//   BENCH_COLDSTART_ROUNDS (default 5).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../scripts/server-process';
import { cpuSecondsWithChildren } from './process-cpu';

const ROUNDS = Number(process.env.BENCH_COLDSTART_ROUNDS ?? 5);
const START_LIMIT_MS = 180_000;

type Way = { name: string; command: string; args: string[]; env?: Record<string, string> };

const WAYS: Way[] = [
  { name: 'npm run serve: node --enable-source-maps dist-server/main.js', command: process.execPath, args: ['--enable-source-maps', 'dist-server/main.js'] },
  // What reading the source maps at start costs.
  { name: 'node dist-server/main.js', command: process.execPath, args: ['dist-server/main.js'] },
  // What `npm start` adds: npm itself and the check that the build is current (it is, here).
  { name: 'npm start (build current)', command: 'npm', args: ['start', '--silent'] },
  // The old `npm run serve`, with tsx's cache of compiled files as a previous start left it,
  { name: 'before: node --import tsx server/main.ts', command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'] },
  // and without that cache (a first start, or a cleared /tmp).
  { name: 'before, no tsx cache', command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'], env: { TSX_DISABLE_CACHE: '1' } },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[middle]!;
};

type Started = { ms: number; cpuSeconds: number | undefined };

/** Starts `way` on `dataDir`, measures until health answers 200, then stops it (SIGTERM). */
async function timeStart(way: Way, dataDir: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/v2/health/`;
  const started = performance.now();
  const child = spawn(way.command, way.args, {
    env: { ...process.env, ...way.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  try {
    while (performance.now() - started < START_LIMIT_MS) {
      if (child.exitCode !== null) throw new Error(`${way.name} exited with ${child.exitCode}:\n${errors}`);
      const ok = await fetch(url).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status === 200;
        },
        () => false,
      );
      if (ok) return { ms: performance.now() - started, cpuSeconds: await cpuSecondsWithChildren(child.pid) };
      await new Promise((done) => setTimeout(done, 20));
    }
    throw new Error(`${way.name} did not answer within ${START_LIMIT_MS / 1000} s:\n${errors}`);
  } finally {
    // npm passes SIGTERM on to the server it runs (npm start ends in `exec node …`).
    child.kill('SIGTERM');
    await exited;
  }
}

/** Milliseconds until `way` exits after refusing PORT: loading its modules, nothing more. */
async function timeLoad(way: Way): Promise<number> {
  const started = performance.now();
  const child = spawn(way.command, way.args, { env: { ...process.env, ...way.env, PORT: 'none' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  if (code !== 1 || !errors.includes('PORT')) throw new Error(`${way.name} with PORT=none: exit code ${code}\n${errors}`);
  return performance.now() - started;
}

export async function benchColdStart(): Promise<void> {
  // The build under test is the current one (a no-op when it is).
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('scripts/build.mjs failed');
  const loads = new Map(WAYS.map((way) => [way.name, [] as number[]]));
  for (let round = 0; round < 2 * ROUNDS; round += 1) {
    for (const way of WAYS.map((_, index) => WAYS[(index + round) % WAYS.length]!)) loads.get(way.name)!.push(await timeLoad(way));
  }
  const times = new Map(WAYS.map((way) => [way.name, { fresh: [] as Started[], existing: [] as Started[] }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = WAYS.map((_, index) => WAYS[(index + round) % WAYS.length]!);
    for (const way of order) {
      const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-cold-'));
      try {
        const fresh = await timeStart(way, dataDir);
        const existing = await timeStart(way, dataDir);
        times.get(way.name)!.fresh.push(fresh);
        times.get(way.name)!.existing.push(existing);
        const cpu = (run: Started) => (run.cpuSeconds === undefined ? '' : `, CPU ${run.cpuSeconds.toFixed(2)} s`);
        console.log(
          `round ${round + 1}/${ROUNDS}, ${way.name}: fresh ${(fresh.ms / 1000).toFixed(2)} s${cpu(fresh)}, existing ${(existing.ms / 1000).toFixed(2)} s${cpu(existing)}`,
        );
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  const seconds = (runs: Started[]) => {
    const values = runs.map((run) => run.ms / 1000);
    return `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
  };
  const cpuSeconds = (runs: Started[]) => {
    const values = runs.flatMap((run) => (run.cpuSeconds === undefined ? [] : [run.cpuSeconds]));
    return values.length === 0 ? 'n/a' : median(values).toFixed(2);
  };
  console.log(
    `\nCold start to a 200 from /api/v2/health/ on PGlite, ${ROUNDS} rounds: median seconds (fastest–slowest), and the median CPU seconds used by then`,
  );
  console.table(
    WAYS.map((way) => ({
      'started with': way.name,
      'fresh folder': seconds(times.get(way.name)!.fresh),
      'fresh CPU': cpuSeconds(times.get(way.name)!.fresh),
      'existing folder': seconds(times.get(way.name)!.existing),
      'existing CPU': cpuSeconds(times.get(way.name)!.existing),
    })),
  );
  console.log(`\nLoading the code alone (started with PORT=none, refused once every module is loaded), ${2 * ROUNDS} rounds: median seconds (fastest–slowest)`);
  console.table(
    WAYS.map((way) => {
      const values = loads.get(way.name)!.map((ms) => ms / 1000);
      return { 'started with': way.name, 'until exit': `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})` };
    }),
  );
}
