// `npm run lighthouse:store`: Lighthouse's mobile audit (its default: a mid-range phone on a slow
// 4G link, simulated) of a store page as the real built server sends it. Seeds a launched store
// of 12 categories × 10 items on PGlite in a temporary data folder, starts `dist-server/main.js`
// (building first when out of date), and runs Lighthouse 12.2.3 with Debian's Chromium, offline
// (everything it loads is on 127.0.0.1). Prints the four scores and the timings; the whole report
// goes to reports/lighthouse-store.json.
//
// Lighthouse is run with `npx -y lighthouse@12.2.3` rather than installed: it is needed for this
// measurement only, and its ~150 packages would add to every `npm ci`. 12.2.3 because 13.x needs
// Node 22. CHROME_PATH (default /usr/bin/chromium) names the browser.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createOwner, SECRET_KEY, signInWithRestaurant } from '../bench/owner';
import { ownerCallTo, seedStore } from '../tests/fixtures/storefront/seed-store';
import { startServerProcess } from './server-process';

const SLUG = 'lighthouse-store';
const REPORT = resolve('reports', 'lighthouse-store.json');
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}`))));
  });
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
  await run(
    'npx',
    ['-y', 'lighthouse@12.2.3', `${server.url}/${SLUG}`, '--output=json', `--output-path=${REPORT}`, `--chrome-flags=${CHROME_FLAGS}`, '--quiet'],
    { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  );
  type Report = {
    categories: Record<string, { title: string; score: number | null; auditRefs: { id: string }[] }>;
    audits: Record<string, { title: string; displayValue?: string; score: number | null }>;
  };
  const report = JSON.parse(await readFile(REPORT, 'utf8')) as Report;
  console.log(`\nLighthouse 12.2.3, mobile, ${server.url}/${SLUG} (12 categories × 10 items)`);
  for (const category of Object.values(report.categories)) console.log(`  ${category.title.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`);
  for (const audit of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${report.audits[audit]!.title.padEnd(26)} ${report.audits[audit]!.displayValue ?? ''}`);
  }
  // What kept accessibility from 100, if anything: the audits of that category that did not pass.
  for (const ref of report.categories.accessibility?.auditRefs ?? []) {
    const audit = report.audits[ref.id]!;
    if (audit.score !== null && audit.score < 1) console.log(`  accessibility: ${audit.title}`);
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
