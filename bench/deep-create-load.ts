// Issue 28: ten maximal deep creates at once, while health and another owner's category list are
// probed one request after another; on PGlite and on PostgreSQL. Before, 100 groups × 200
// selections froze PGlite for 81–102 s and held PostgreSQL's pool for minutes. The same for the
// extra options screen's Save, the other request that may write 500 rows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTRA_OPTIONS_BATCH_MAX, MENU_SIZES_MAX } from '../contracts/menu';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { findOrCreateUserByEmail } from '../server/domain/accounts/users';
import { SECRET_KEY, signInWithRestaurant } from './owner';
import { POSTGRES_ADMIN_URL, withPostgresDatabase } from './postgres';
import { SECONDS, startServer } from './server';

const CONCURRENT = 10;
const API = '/api/v2';

/**
 * The most one deep create may write: every size a category may have and groups and selections
 * up to the bound in all (5 groups of 99 selections). Toppings and dressings are left out: they
 * must exist first, and are one multi-row insert each like the sizes.
 */
function maximalBody(n: number) {
  const groups = 5;
  const perGroup = EXTRA_OPTIONS_BATCH_MAX / groups - 1;
  return JSON.stringify({
    name: `Maximal ${n}`,
    detail: { priced_by: 'size' },
    sizes: Array.from({ length: MENU_SIZES_MAX }, (_, s) => ({ name: `Size ${s}`, units: s, measurement: 'Inches' })),
    extra_groups: Array.from({ length: groups }, (_, g) => ({
      name: `Group ${g}`,
      selections: Array.from({ length: perGroup }, (_, s) => ({ name: `Choice ${g}.${s}`, price: 1.25 })),
    })),
  });
}

/** Two owners made before the server starts (on PGlite the server then holds the data folder). */
async function createOwners(env: { DATA_DIR: string; DATABASE_URL: string }): Promise<[number, number]> {
  const database = await openDatabase(loadConfig(env), { purpose: 'npm run bench' });
  try {
    await database.migrate();
    const big = await findOrCreateUserByEmail(database.db, { email: 'bench-deep-big@example.com' });
    const other = await findOrCreateUserByEmail(database.db, { email: 'bench-deep-other@example.com' });
    return [big.user.id, other.user.id];
  } finally {
    await database.close();
  }
}

type Timed = { ms: number; status: number };

/** One of the requests that may write 500 rows: how to send the n-th maximal one. */
type Heavy = { label: string; prepare: (serverUrl: string, token: string) => Promise<(n: number) => RequestInit & { url: string }> };

const DEEP_CREATE: Heavy = {
  label: `deep create (${CONCURRENT} at once, 500 groups+selections, 100 sizes)`,
  prepare: async (serverUrl, token) => (n) => ({
    url: `${serverUrl}${API}/categories/deep/`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: maximalBody(n),
  }),
};

/**
 * The screen sends every row of the category on each Save: a full category (5 groups of 99
 * selections, made once) saved with every price changed, the most one Save may write.
 */
const EXTRA_OPTIONS_SAVE: Heavy = {
  label: `extra options save (${CONCURRENT} at once, 500 groups+selections, every price changed)`,
  prepare: async (serverUrl, token) => {
    const groups = 5;
    const made = await fetch(`${serverUrl}${API}/categories/deep/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Extras',
        extra_groups: Array.from({ length: groups }, (_, g) => ({
          name: `Group ${g}`,
          selections: Array.from({ length: EXTRA_OPTIONS_BATCH_MAX / groups - 1 }, (_, s) => ({ name: `Choice ${g}.${s}`, price: 1 })),
        })),
      }),
    });
    const deep = (await made.json()) as { category: { id: number }; extra_groups: { id: number; name: string; selections: { id: number; name: string }[] }[] };
    return (n) => ({
      url: `${serverUrl}${API}/categories/${deep.category.id}/extra-options/`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        groups: deep.extra_groups.map((group) => ({
          id: group.id,
          name: group.name,
          selections: group.selections.map((selection) => ({ id: selection.id, name: selection.name, price: 1 + (n % 100) / 100 })),
        })),
      }),
    });
  },
};

async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Sends `request` one after another until `busy()` is false, keeping only what ran while it was true. */
async function probe(request: () => Promise<Timed>, busy: () => boolean): Promise<Timed[]> {
  const seen: Timed[] = [];
  while (busy()) {
    const result = await request();
    seen.push(result);
  }
  return seen;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
};
const figures = (what: string, results: Timed[]) => ({
  what,
  count: results.length,
  'p50 ms': Number(
    percentile(
      results.map((r) => r.ms),
      50,
    ).toFixed(1),
  ),
  'p99 ms': Number(
    percentile(
      results.map((r) => r.ms),
      99,
    ).toFixed(1),
  ),
  'max ms': Number(Math.max(...results.map((r) => r.ms)).toFixed(1)),
  'not 2xx': results.filter((r) => r.status < 200 || r.status > 299).length,
});

async function benchEngine(engine: string, env: { DATA_DIR: string; DATABASE_URL: string }, heavy: Heavy) {
  const [bigId, otherId] = await createOwners(env);
  const server = await startServer({ ...env, SECRET_KEY });
  try {
    const bigToken = await signInWithRestaurant(server.url, bigId);
    const otherToken = await signInWithRestaurant(server.url, otherId);
    const other = { authorization: `Bearer ${otherToken}` };
    for (let n = 0; n < 20; n += 1) {
      await fetch(`${server.url}${API}/categories/`, {
        method: 'POST',
        headers: { ...other, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Other ${n}` }),
      });
    }
    const health = () => timed(`${server.url}${API}/health/`, {});
    const list = () => timed(`${server.url}${API}/categories/?page=1`, { headers: other });

    // Idle first, for comparison: the same probes for one second with nothing else running.
    let idle = true;
    setTimeout(() => (idle = false), 1000);
    const [idleHealth, idleList] = await Promise.all([probe(health, () => idle), probe(list, () => idle)]);

    let sent = 0;
    const nth = await heavy.prepare(server.url, bigToken);
    const wave = () =>
      Promise.all(
        Array.from({ length: CONCURRENT }, () => {
          const { url, ...init } = nth((sent += 1));
          return timed(url, init);
        }),
      );
    // One wave first, not counted: a server that has been serving has compiled its code paths.
    await wave();
    let loaded = true;
    const creates: Timed[] = [];
    const waves = (async () => {
      const until = performance.now() + SECONDS * 1000;
      // Waves of ten at once, as the ten: each wave waits for its slowest.
      while (performance.now() < until) creates.push(...(await wave()));
      loaded = false;
    })();
    const [loadedHealth, loadedList] = await Promise.all([probe(health, () => loaded), probe(list, () => loaded), waves]);
    return [
      { engine, ...figures('health, idle', idleHealth) },
      { engine, ...figures("other owner's list, idle", idleList) },
      { engine, ...figures(heavy.label, creates) },
      { engine, ...figures('health, meanwhile', loadedHealth) },
      { engine, ...figures("other owner's list, meanwhile", loadedList) },
    ];
  } finally {
    await server.stop();
  }
}

/** Each engine in a data folder of its own (PGlite's database; the mail outbox on both). */
async function inDataDir<T>(work: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-deep-'));
  try {
    return await work(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchDeepCreateLoad(): Promise<void> {
  for (const heavy of [DEEP_CREATE, EXTRA_OPTIONS_SAVE]) {
    const rows = await inDataDir((dataDir) => benchEngine('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, heavy));
    if (POSTGRES_ADMIN_URL !== 'skip') {
      const postgres = await withPostgresDatabase((url) => inDataDir((dataDir) => benchEngine('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, heavy)));
      rows.push(...(postgres ?? []));
    }
    console.log(`\n${heavy.label}: waves of ${CONCURRENT} maximal bodies for ${SECONDS} s; probes one at a time; server in its own process`);
    console.table(rows);
  }
}
