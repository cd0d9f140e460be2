import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import { PGLITE_EXTENSIONS, fromPglite, openDatabase, type Database } from '#server/db/database';
import { pgliteSpares } from '../support/pglite-spares';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { addTaken } from '../support/taken-files';
import { openBrowser } from './shared-browser';
import { TEST_SCRYPT } from '../support/test-scrypt';
import type { TakenTransitions } from '../support/transition-recorder';

// `npm run paths -- --coverage --browser` sets PATHS_COVERAGE_DIR: the recording build
// (dist-paths/) is served, and every page's taken transitions go there as one more taken file.
const COVERAGE_DIR = process.env.PATHS_COVERAGE_DIR;
// E2E_DIST_DIR lets a second build (another checkout's, a parallel worker's) be tested without touching dist/.
export const DIST_DIR = resolve(process.env.E2E_DIST_DIR ?? (COVERAGE_DIR ? 'dist-paths' : 'dist'));
export const ARTIFACTS_DIR = resolve('.e2e-artifacts');
export type RunningApp = {
  url: string;
  /** The server's temporary data folder, new for each server: mail it wrote is in `outbox/` (no SMTP_URL given). */
  dataDir: string;
  /** The server's own database handle, for setting up what the API cannot (platform staff). */
  database: Database;
  query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  stop: () => Promise<void>;
};

/**
 * The embedded databases of this worker's servers, each a copy of the run's migrated template
 * (tests/e2e/global-setup.ts) in a folder of its own: one a file's server is done with is emptied
 * and kept for the next server (tests/support/pglite-spares.ts). A server started on a new copy
 * took 1.4–2.2 s of CPU (the copy, opening it, a migration check, the app); on a kept one, which
 * is emptied first (tests/support/empty-tables.ts), a fraction of that.
 * Kept ones stay open until the worker exits; their folders go with the run's (vitest.e2e.config.ts).
 */
const databases = pgliteSpares(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'rp-e2e-db-'));
  await cp(join(inject('e2eDataTemplate'), 'pgdata'), join(folder, 'pgdata'), { recursive: true });
  // The template was migrated by this run: a copy has nothing left to migrate.
  const client = await PGlite.create(join(folder, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
  return { client, dispose: () => rm(folder, { recursive: true, force: true }) };
});

/**
 * The built app and the real server on an empty migrated embedded database (a worker's kept one,
 * see `databases`) with a new temporary data folder, listening on 127.0.0.1 (a free port unless
 * `port` is given: a test that must name the app's address beforehand, as an OAuth redirect does,
 * picks one). `query` reads the same database. Given a DATABASE_URL or a data folder of its own
 * (`databaseUrl`, `dataDir`), the server runs on that database instead: opened from the config,
 * migrated, and closed with the server.
 */
export async function startApp(overrides: Partial<Config> = {}): Promise<RunningApp> {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    const build = COVERAGE_DIR ? 'VITE_RECORD_TRANSITIONS=1 npx vite build --outDir dist-paths --minify false' : 'npm run build';
    throw new Error(`The web app is not built in ${DIST_DIR}: run \`${build}\` before the browser tests.`);
  }
  const ownDatabase = Boolean(overrides.databaseUrl) || overrides.dataDir !== undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'rp-e2e-'));
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'warn' }),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    staticDir: DIST_DIR,
    ...overrides,
  };
  const lent = ownDatabase ? undefined : await databases.take();
  let database: Database;
  let app: FastifyInstance | undefined;
  try {
    database = lent ? fromPglite(lent) : await openDatabase(config);
    if (!lent) await database.migrate();
    // The cheap scrypt cost: these tests sign many people up, and what they test is the screens.
    // The app closes its database when it closes: a lent one goes back to the worker's instead.
    app = await buildApp(config, { database: lent ? { ...database, close: async () => undefined } : database, scrypt: TEST_SCRYPT });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app?.close();
    if (lent) await databases.giveBack(lent);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = app;
  const { port } = running.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    database,
    query: (sql, params) => database.query(sql, params),
    stop: async () => {
      await running.close();
      if (lent) await databases.giveBack(lent);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// The worker's one Chromium, lent to each file (tests/e2e/shared-browser.ts).
export { openBrowser };

// The browser reports every non-2xx answer as a console error; the tests assert those answers
// themselves, so only other errors (script errors, CSP refusals) fail a test here.
const EXPECTED_HTTP_FAILURE = /^Failed to load resource: the server responded with a status of \d+/;

/** The host of the map's default tile server (MAP_TILE_URL's default). */
const TILE_HOST = new URL(loadConfig({}).mapTileUrl.replace(/\{[a-z]\}/g, '0')).host;
let plainTile: Promise<Buffer> | undefined;

export type PageOptions = {
  width?: number;
  height?: number;
  /** Console errors the screen writes on purpose (a failure it only logs): the test checks them itself. */
  expectedConsoleErrors?: RegExp[];
  /** The device's zone (IANA), for a person whose device is not on the restaurant's clock. */
  timezoneId?: string;
};

/** A page in a context of its own, and what it reported that a test must fail on. */
type WatchedPage = {
  context: BrowserContext;
  page: Page;
  /** Console errors the current test expects (a kept page serves tests that expect different ones). */
  expected: RegExp[];
  /** Sends the transitions taken (coverage runs), then throws what the page reported since the last check. */
  check: () => Promise<void>;
};

async function watchedPage(browser: Browser, options: PageOptions): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, timezoneId: options.timezoneId });
  // This machine has no outside network: the map's tile server is answered here with a plain
  // tile, as a reachable one would be, so no test depends on the internet (or fails without it).
  plainTile ??= sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 232, g: 236, b: 228 } } })
    .png()
    .toBuffer();
  const tile = await plainTile;
  await context.route(
    (url) => url.host === TILE_HOST,
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
  );
  const taken: TakenTransitions = {};
  const addLabel = (machineId: string, label: string) => {
    (taken[machineId] ??= []).push(label);
  };
  if (COVERAGE_DIR) await context.exposeFunction('__pathsReport', addLabel);
  const page = await context.newPage();
  const problems: string[] = [];
  const watched: WatchedPage = {
    context,
    page,
    expected: options.expectedConsoleErrors ?? [],
    check: async () => {
      if (COVERAGE_DIR) {
        // What the open documents took (the reports already sent arrive before this answer).
        for (const open of context.pages()) {
          const now = await open.evaluate(() => window.__pathsTaken?.() ?? {}).catch(() => ({}));
          for (const [machineId, labels] of Object.entries(now)) for (const label of labels) addLabel(machineId, label);
        }
        addTaken(COVERAGE_DIR, taken);
      }
      const reported = problems.splice(0);
      if (reported.length > 0) throw new Error(`The page reported errors:\n${reported.join('\n')}`);
    },
  };
  page.on('console', (message) => {
    if (message.type() !== 'error' || EXPECTED_HTTP_FAILURE.test(message.text())) return;
    if (watched.expected.some((expected) => expected.test(message.text()))) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return watched;
}

/**
 * A page in its own context (a clean origin: no storage, cookies or cache from another test).
 * Any uncaught script error, console error or CSP violation during the test fails it when the
 * test ends; the context is closed then.
 */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const watched = await watchedPage(browser, options);
  onTestFinished(async () => {
    try {
      await watched.check();
    } finally {
      await watched.context.close();
    }
  });
  return watched.page;
}

/**
 * For tests that need no clean origin (the same person signed in, screens opened by a fresh
 * load): one page kept across the tests of the file (or describe block) that calls this, its
 * context made on first use and closed after the block's last test. A new context starts with a
 * new renderer and an empty cache: a load of /login cost 1.6–2.0 s of CPU there against
 * 0.75–1.0 s in a kept page. Each call resizes the page to the test's width and height; a test
 * fails on the script errors, console errors and CSP violations reported while it ran, as with
 * `newPage`. Not for a test that signs out, answers a dialog, adds routes, listeners or init
 * scripts of its own (`openAs` writes a person's session once), or needs a storage no other
 * test has written to.
 */
export function keptPage(): (browser: Browser, options?: PageOptions) => Promise<Page> {
  let kept: Promise<WatchedPage> | undefined;
  afterAll(async () => {
    if (!kept) return;
    const watched = await kept;
    try {
      // What the last test's screen reported after that test ended.
      await watched.check();
    } finally {
      await watched.context.close();
    }
  });
  return async (browser, options = {}) => {
    kept ??= watchedPage(browser, options);
    const watched = await kept;
    watched.expected = options.expectedConsoleErrors ?? [];
    const size = { width: options.width ?? 1280, height: options.height ?? 800 };
    const now = watched.page.viewportSize();
    if (now?.width !== size.width || now.height !== size.height) await watched.page.setViewportSize(size);
    onTestFinished(() => watched.check());
    return watched.page;
  };
}

/** Saves a full-page screenshot under .e2e-artifacts/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await writeFile(path, await page.screenshot({ fullPage: true }));
  return path;
}

export type AppRun = { app: RunningApp; browser: Browser };

/**
 * For a test file: the app on a database of its own, started before the file's tests and stopped
 * after them, and a lease on the worker's Chromium (what the file opened is closed after them).
 * The fields are filled in by the time the tests run.
 */
export function withApp(overrides: Partial<Config> = {}): AppRun {
  const run = {} as AppRun;
  beforeAll(async () => {
    run.app = await startApp(overrides);
    run.browser = await openBrowser();
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.app?.stop();
  });
  return run;
}

export type MailingRun = AppRun & { smtp: SmtpCapture };

/**
 * For a test file whose people read their codes from their mail: a real SMTP receiver, the app
 * sending its mail there, started before the file's tests and stopped after them, and a lease on
 * the worker's Chromium. The fields are filled in by the time the tests run.
 */
export function withMailingApp(overrides: Partial<Config> = {}): MailingRun {
  const run = {} as MailingRun;
  beforeAll(async () => {
    run.smtp = await startSmtpCapture();
    run.app = await startApp({ smtpUrl: run.smtp.url, ...overrides });
    run.browser = await openBrowser();
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.app?.stop();
    await run.smtp?.close();
  });
  return run;
}
