// `npm run soak`: load and faults against the server on 127.0.0.1, bounded in time, figures
// printed as it goes; exits 1 when a promise broke (an error under load, an acknowledged write
// lost or half-written, an unexpected answer).
//   1. SOAK_SECONDS (default 60) at SOAK_CONNECTIONS (default 50) on the paged category list and
//      on sign-ups, on PostgreSQL: no error, no non-2xx answer;
//   2. SOAK_WRITERS (default 8) writing (categories, sign-ups and orders on a launched store) while PostgreSQL ends every session, stops fast and
//      crashes (immediate), SOAK_WRITES_BETWEEN_FAULTS (default 200) acknowledged writes apart;
//   3. the same writers while the PGlite server is killed with SIGKILL, then started again.
// PostgreSQL is a cluster of the script's own in a temporary folder (scripts/private-postgres.ts),
// never the machine's; SOAK_ONLY=load|restart|kill runs one section.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPrivatePostgres } from '../private-postgres';
import { soakDatabaseRestart } from './database-restart';
import { soakLoad } from './load';
import type { SectionResult } from './options';
import { soakPgliteKill } from './pglite-kill';

const SECTIONS = ['load', 'restart', 'kill'] as const;
const only = process.env.SOAK_ONLY;
if (only !== undefined && !(SECTIONS as readonly string[]).includes(only)) {
  console.error(`SOAK_ONLY must be one of ${SECTIONS.join(', ')}.`);
  process.exit(1);
}
const wanted = (section: (typeof SECTIONS)[number]) => only === undefined || only === section;

/** A data folder per section, removed afterwards (secrets, and PGlite's database for the last one). */
async function inFolder<T>(work: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-soak-'));
  try {
    return await work(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const started = Date.now();
const results: SectionResult[] = [];
if (wanted('load') || wanted('restart')) {
  const cluster = await startPrivatePostgres();
  try {
    if (wanted('load')) results.push(await inFolder((dataDir) => soakLoad(cluster.url, dataDir)));
    if (wanted('restart')) results.push(await inFolder((dataDir) => soakDatabaseRestart(cluster, dataDir)));
  } finally {
    await cluster.remove();
  }
}
if (wanted('kill')) results.push(await inFolder(soakPgliteKill));

console.log(`\nSoak finished in ${Math.round((Date.now() - started) / 1000)} s`);
for (const result of results) {
  console.log(`  ${result.failures.length === 0 ? 'PASS' : 'FAIL'} ${result.name}${result.failures.map((failure) => `\n      ${failure}`).join('')}`);
}
process.exit(results.every((result) => result.failures.length === 0) ? 0 : 1);
