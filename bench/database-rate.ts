// How many times per second PostgreSQL itself runs a set of queries at a given concurrency:
// pgbench when it is installed (the database's own client, no Node in the way), else a loop of
// pg clients in this process.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { withLiterals, type CapturedQuery } from './captured-queries';

export type DatabaseRate = { method: string; perSecond: number };

const hasPgbench = () => spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0;

async function pgbenchRate(url: string, queries: CapturedQuery[], clients: number, seconds: number): Promise<DatabaseRate> {
  const folder = await mkdtemp(join(tmpdir(), 'rp-bench-pgbench-'));
  try {
    const script = join(folder, 'list.sql');
    // One pgbench "transaction" is the whole set, run one after another as the server does.
    // A pgbench meta-command (`\set`) is a line of its own, without the statements' semicolon.
    const line = (query: CapturedQuery) => (query.text.startsWith('\\') ? query.text : `${withLiterals(query).replace(/\s+/g, ' ')};`);
    await writeFile(script, `${queries.map(line).join('\n')}\n`);
    const threads = String(Math.min(clients, 2));
    const run = spawnSync('pgbench', ['-n', '-c', String(clients), '-j', threads, '-T', String(seconds), '-f', script, url], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
    if (run.status !== 0 || !tps?.[1]) throw new Error(`pgbench failed:\n${run.stdout}\n${run.stderr}`);
    return { method: `pgbench, ${clients} clients`, perSecond: Math.round(Number(tps[1])) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function clientLoopRate(url: string, queries: CapturedQuery[], clients: number, seconds: number): Promise<DatabaseRate> {
  const pool = new pg.Pool({ connectionString: url, max: clients });
  try {
    const deadline = Date.now() + seconds * 1000;
    let runs = 0;
    const loop = async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < deadline) {
          for (const query of queries) await client.query(query.text, query.params);
          runs += 1;
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: clients }, loop));
    return { method: `pg client loop, ${clients} clients`, perSecond: Math.round(runs / seconds) };
  } finally {
    await pool.end();
  }
}

export function databaseRate(url: string, queries: CapturedQuery[], clients: number, seconds: number): Promise<DatabaseRate> {
  return hasPgbench() ? pgbenchRate(url, queries, clients, seconds) : clientLoopRate(url, queries, clients, seconds);
}
