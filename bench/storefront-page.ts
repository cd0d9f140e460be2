// Issue 29, item 3: a store page against the same bytes as a static file. A launched store with
// 12 categories of 10 items (120 items) on PGlite, the built server in its own process
// (`node dist-server/main.js`, built first when out of date), 50 connections with autocannon:
// GET /{slug} (brotli, as browsers ask) and, in the same run, the very same brotli bytes written
// into the served folder and sent by @fastify/static. Target: the page at ≥ 50 % of the file's
// rate, p99 under 25 ms. BENCH_STORE_ROUNDS rounds (default 3) of BENCH_SECONDS each, alternating
// which of the two goes first.
import { spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownerCallTo, seedStore } from '../tests/fixtures/storefront/seed-store';
import { createOwner, SECRET_KEY, signInWithRestaurant } from './owner';
import { measure, SECONDS, startServer, type Measured } from './server';

const CONNECTIONS = 50;
/** Rounds of both measurements (BENCH_STORE_ROUNDS, default 3). */
const ROUNDS = Number(process.env.BENCH_STORE_ROUNDS ?? 3);
const SLUG = 'bench-store';
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** The built app and server, built first when their sources changed (scripts/build.mjs). */
export function ensureBuilt(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed', '--quiet'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** A GET whose body is read as sent (fetch would undo its brotli). */
function rawGet(url: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: HEADERS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const row = (name: string, figures: Measured) =>
  `| ${name} | ${figures.requestsPerSecond.toLocaleString('en-US')} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${figures.errors + figures.non2xx} | ${figures.bytesPerRequest ?? ''} |`;

export async function benchStorefrontPage(): Promise<void> {
  ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-bench-store-'));
  // A copy of the build, so the static twin of the page is written beside the app's files, not into dist/.
  const staticDir = join(dataDir, 'static');
  await cp('dist', staticDir, { recursive: true });
  const userId = await createOwner({ dataDir });
  const server = await startServer({ DATA_DIR: dataDir, SECRET_KEY, STATIC_DIR: staticDir }, { built: true });
  try {
    const token = await signInWithRestaurant(server.url, userId);
    const call = ownerCallTo(server.url, token);
    const started = (await call('POST', '/onboarding/start/')).body as { id: number };
    await seedStore(call, started.id, { slug: SLUG, name: 'Bench Pizzeria', categories: 12, itemsPerCategory: 10 });

    // The page as a browser gets it, and its twin: the same HTML and the same brotli bytes as a file.
    const page = await fetch(`${server.url}/${SLUG}`);
    const html = Buffer.from(await page.arrayBuffer());
    const { encoding, body: brotli } = await rawGet(`${server.url}/${SLUG}`);
    if (encoding !== 'br') throw new Error('The store page did not answer brotli.');
    await writeFile(join(staticDir, 'store-twin.html'), html);
    await writeFile(join(staticDir, 'store-twin.html.br'), brotli);
    const twin = await rawGet(`${server.url}/store-twin.html`);
    if (twin.encoding !== 'br' || !twin.body.equals(brotli)) throw new Error('The static twin is not the same bytes as the page.');

    console.log(
      `\nStore page: 12 categories × 10 items, ${(html.length / 1024).toFixed(1)} KB of HTML, ${(brotli.length / 1024).toFixed(1)} KB brotli; ${CONNECTIONS} connections, ${SECONDS} s each, autocannon, PGlite`,
    );
    const load = (path: string) => measure({ url: server.url, connections: CONNECTIONS, requests: [{ method: 'GET', path, headers: HEADERS }] });
    // Warm both paths (the page's first render, the JIT) before measuring.
    await measure({ url: server.url, connections: CONNECTIONS, duration: 1, requests: [{ method: 'GET', path: `/${SLUG}`, headers: HEADERS }] });
    await measure({ url: server.url, connections: CONNECTIONS, duration: 1, requests: [{ method: 'GET', path: '/store-twin.html', headers: HEADERS }] });
    // Rounds alternate which goes first, so neither always meets the machine's busier moment.
    console.log('| round | served | requests/s | p50 ms | p99 ms | errors + non-2xx | bytes per answer |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const pageFirst = round % 2 === 1;
      const first = await load(pageFirst ? `/${SLUG}` : '/store-twin.html');
      const second = await load(pageFirst ? '/store-twin.html' : `/${SLUG}`);
      const [storePage, staticFile] = pageFirst ? [first, second] : [second, first];
      console.log(row(`${round} | GET /${SLUG} (store page)`, storePage));
      console.log(row(`${round} | the same bytes, @fastify/static`, staticFile));
      ratios.push(storePage.requestsPerSecond / staticFile.requestsPerSecond);
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    console.log(
      `Store page at ${ratios.map((ratio) => `${(ratio * 100).toFixed(0)} %`).join(', ')} of the static file's rate (median ${(median * 100).toFixed(0)} %; target ≥ 50 %, p99 < 25 ms).`,
    );
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
