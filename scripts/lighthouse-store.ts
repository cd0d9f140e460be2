// `npm run lighthouse:store`: Lighthouse's mobile audit (its default: a mid-range phone on a slow
// 4G link, simulated) of the public pages as the real built server sends them: a store page and
// the tracking page of an order placed on it (issue 42, item 3). Seeds a launched store of 12
// categories × 10 items on PGlite in a temporary data folder, starts `dist-server/main.js`
// (building first when out of date), places a pickup order through the API, and runs Lighthouse
// 12.2.3 with Debian's Chromium on each page, offline (everything it loads is on 127.0.0.1).
// Prints each page's four scores and timings, then both pages' performance and accessibility; the
// whole reports go to reports/lighthouse-store.json and reports/lighthouse-tracking.json.
//
// Lighthouse is run with `npx -y lighthouse@12.2.3` rather than installed: it is needed for this
// measurement only, and its ~150 packages would add to every `npm ci`. 12.2.3 because 13.x needs
// Node 22. CHROME_PATH (default /usr/bin/chromium) names the browser.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { PlacedOrder } from '../contracts/ordering';
import { trackingPagePath } from '../contracts/shared/paths';
import type { Storefront } from '../contracts/storefront';
import { createOwner, SECRET_KEY, signInWithRestaurant } from '../bench/owner';
import { ownerCallTo, seedStore } from '../tests/fixtures/storefront/seed-store';
import { startServerProcess } from './server-process';

const SLUG = 'lighthouse-store';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

type Report = {
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, { title: string; displayValue?: string; score: number | null }>;
};
const percent = (score: number | null | undefined) => Math.round((score ?? 0) * 100);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}`))));
  });
}

/** A pickup order of the store's first plainly priced dish, placed as a customer's browser places it; its tracking page's path. */
async function placeOrderOn(baseUrl: string): Promise<string> {
  const store = (await (await fetch(`${baseUrl}/api/v2/storefront/${SLUG}/`)).json()) as Storefront;
  const item = store.categories.flatMap((category) => category.items).find((candidate) => candidate.price !== null);
  if (!item) throw new Error('the seeded store has no plainly priced dish');
  const response = await fetch(`${baseUrl}/api/v2/storefront/${SLUG}/orders/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID().replaceAll('-', '') },
    body: JSON.stringify({
      fulfilment: 'pickup',
      lines: [{ item_id: item.id, size_id: null, quantity: 1, extra_selection_ids: [] }],
      customer: { name: 'Lighthouse Customer', phone: '(312) 555-0199', email: 'lighthouse@example.com' },
      scheduled_for: null,
    }),
  });
  if (response.status !== 201) throw new Error(`placing the order answered ${response.status}: ${await response.text()}`);
  const order = (await response.json()) as PlacedOrder;
  return trackingPagePath(order.restaurant.slug, order.token);
}

/** Lighthouse on one page: its report written to reports/lighthouse-{name}.json, its scores and timings printed. */
async function audit(name: string, url: string, what: string): Promise<Report> {
  const path = resolve('reports', `lighthouse-${name}.json`);
  await run('npx', ['-y', 'lighthouse@12.2.3', url, '--output=json', `--output-path=${path}`, `--chrome-flags=${CHROME_FLAGS}`, '--quiet'], {
    ...process.env,
    CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  });
  const report = JSON.parse(await readFile(path, 'utf8')) as Report;
  console.log(`\nLighthouse 12.2.3, mobile, ${url} (${what})`);
  for (const category of Object.values(report.categories)) console.log(`  ${category.title.padEnd(16)} ${percent(category.score)}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${report.audits[id]!.title.padEnd(26)} ${report.audits[id]!.displayValue ?? ''}`);
  }
  // What kept accessibility from 100, if anything: the audits of that category that did not pass.
  for (const ref of report.categories.accessibility?.auditRefs ?? []) {
    const failed = report.audits[ref.id]!;
    if (failed.score !== null && failed.score < 1) console.log(`  accessibility: ${failed.title}`);
  }
  return report;
}

if (spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed', '--quiet'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const dataDir = await mkdtemp(join(tmpdir(), 'rp-lighthouse-'));
const userId = await createOwner({ dataDir });
const server = await startServerProcess({ DATA_DIR: dataDir, SECRET_KEY, LOG_LEVEL: 'warn' }, { nodeArgs: ['dist-server/main.js'], startTimeoutMs: 90_000 });
try {
  const token = await signInWithRestaurant(server.url, userId);
  const call = ownerCallTo(server.url, token);
  const { id } = (await call('POST', '/onboarding/start/')).body as { id: number };
  await seedStore(call, id, { slug: SLUG, name: 'Lighthouse Pizzeria', categories: 12, itemsPerCategory: 10 });
  await mkdir('reports', { recursive: true });
  const tracking = await placeOrderOn(server.url);
  const pages = [
    ['store page', await audit('store', `${server.url}/${SLUG}`, '12 categories × 10 items')],
    ['tracking page', await audit('tracking', `${server.url}${tracking}`, 'a pickup order just placed')],
  ] as const;
  console.log('\n  page            performance  accessibility');
  for (const [page, report] of pages) {
    console.log(
      `  ${page.padEnd(15)} ${String(percent(report.categories.performance?.score)).padStart(11)}  ${String(percent(report.categories.accessibility?.score)).padStart(13)}`,
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
