/**
 * One Chromium per test worker. Launching one costs about a second of CPU and its first context
 * more; the e2e workers run many files each (isolate: false keeps this module, and so the
 * browser, across a worker's files). Each file gets a lease on it: what the file opens through
 * the lease (contexts, pages) its `close()` closes, and the browser stays up for the next file.
 * Contexts share nothing with each other (cookies, storage, cache), so no file sees another's.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Headless Chromium on a machine without outside network: background services off, or it
// spends its start-up failing to reach Google's hosts.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let shared: Promise<Browser> | undefined;

/**
 * Nobody closes the shared browser: it goes when the worker does. Vitest stops a worker with
 * SIGTERM, and Playwright's own SIGTERM handler would start a graceful close and keep the worker
 * alive until Vitest's SIGKILL half a second later, which can leave Chromium running. Exiting
 * instead runs Playwright's exit handler, which kills Chromium's process group and removes its
 * profile folder at once.
 */
let exitsOnSigterm = false;
function exitOnSigterm() {
  if (exitsOnSigterm) return;
  exitsOnSigterm = true;
  process.once('SIGTERM', () => process.exit(143));
}

function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\`.`);
  }
  exitOnSigterm();
  const launched = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, handleSIGTERM: false });
  launched.then(
    // A crashed browser is replaced at the next lease.
    (browser) => browser.on('disconnected', () => (shared === launched ? (shared = undefined) : undefined)),
    () => (shared = undefined),
  );
  return launched;
}

/** A lease on `browser`: the same Browser, but `close()` closes only what was opened through it. */
function lease(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      track(page.context());
      return page;
    },
    contexts: () => [...opened],
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, key) {
      if (key in own) return own[key as keyof Browser];
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The worker's Chromium, launched on first use, as a lease for the caller (a test file): close
 * the lease in the file's afterAll, never the browser.
 */
export async function openBrowser(): Promise<Browser> {
  shared ??= launch();
  return lease(await shared);
}
