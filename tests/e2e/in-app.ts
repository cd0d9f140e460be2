/**
 * Moving from screen to screen inside a page that already runs the app, as a person following its
 * links does, instead of loading the app again: a fresh load costs the browser about a second of
 * CPU (the app's scripts, a session refresh, axe put into the new document), and a screen reached
 * by the app's router mounts anew and loads its data just the same.
 */
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** The order board's live stream stays open as long as the screen does (issue 30). */
const isLiveStream = (request: Request) => new URL(request.url()).pathname.endsWith('/orders/events/');

/**
 * The page's calls in flight, but for live streams: `settled()` resolves once none has been for
 * half a second (Playwright's networkidle, which never comes while a stream is open and does not
 * wait for calls made after the page loaded), within 30 s.
 */
export function callsInFlight(page: Page): { settled: () => Promise<void>; stop: () => void } {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (isLiveStream(request)) return;
    open.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    settled: () =>
      expect
        .poll(() => open.size === 0 && Date.now() - lastChange >= 500, { timeout: 30_000, interval: 100 })
        .toBe(true)
        .then(() => undefined),
    stop: () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * The screen's main heading once it is the next screen's: the headings showing now are marked
 * first, so that a wait for the next one cannot be met by the one it replaces.
 */
export const NEW_HEADING = 'main h1:not([data-left-behind])';
export async function markHeadingsLeftBehind(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const heading of document.querySelectorAll('main h1')) heading.setAttribute('data-left-behind', '');
  });
}

/**
 * Whether the router can take the page to `route`: it runs the app of `origin` on another address.
 * On the same address with other parameters the screen stays mounted; a link to it (the reset
 * link of the mail) is a fresh load.
 */
export function routerCanShow(page: Page, origin: string, route: string): boolean {
  const now = new URL(page.url());
  return now.origin === new URL(origin).origin && now.pathname !== new URL(route, origin).pathname;
}

/** Shows `route` in the page's app as its links do: wouter follows `history.pushState`. */
export async function followLink(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), route);
}

/**
 * `route` through the app's router, resolved once the new screen's heading is in and its calls
 * have settled (at most 30 s each).
 */
export async function showInApp(page: Page, route: string): Promise<void> {
  const inFlight = callsInFlight(page);
  try {
    await markHeadingsLeftBehind(page);
    await followLink(page, route);
    await page.locator(NEW_HEADING).first().waitFor({ timeout: 30_000 });
    await inFlight.settled();
  } finally {
    inFlight.stop();
  }
}
