/**
 * Every route of the app in Chromium, as it first shows (issue 12, item 8): axe's WCAG 2.2 A/AA
 * rules at 1280 and 375 px, a tab title of its own, and exactly one main landmark. Each route is
 * visited once and checked at both widths on that visit. The visitor's page is one of its own (no
 * session); the owner's and then the administrator's routes are walked in one kept page, each
 * person's session written as their first route loads. Each walk's first route is a fresh load;
 * the next ones are reached through the app's own router, as a person following its links does
 * (a new history entry, the screen mounted anew), which spares a reload of the app and of axe
 * per route: about a second of the browser's time each (issue 41).
 * Every failure is collected, so one run names all the screens that need work.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Response as PlaywrightResponse } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_SCREENS, BACK_OFFICE_SCREENS } from '#src/app';
import { expectAccessible } from './axe';
import { superadminSession } from './backoffice-server';
import { DIST_DIR, keptPage, newPage } from './harness';
import { NEW_HEADING, callsInFlight, followLink, markHeadingsLeftBehind, routerCanShow } from './in-app';
import { apiAs, rememberSession, withOwnerApp, type OwnerSession } from './menu-session';

// Dozens of page loads from one address: withOwnerApp lifts the per-address limit.
const run = withOwnerApp('routes-owner@example.com');
const signedInPage = keptPage();
let admin: OwnerSession;
let categoryId: number;
/** The title index.html carries before the app names the screen. */
let staticTitle: string;

beforeAll(async () => {
  categoryId = (
    await apiAs<{ category: { id: number } }>(run.app, run.owner, 'POST', '/categories/deep/', {
      name: 'Pizza',
      detail: { priced_by: 'none' },
    })
  ).category.id;
  admin = await superadminSession(run.app, 'routes-admin@example.com');
  staticTitle = /<title>([^<]*)<\/title>/.exec(await readFile(join(DIST_DIR, 'index.html'), 'utf8'))![1]!;
});

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot',
  '/reset',
  // The reset link of the mail fills the email in.
  '/reset?email=owner%40example.com',
  '/oauth/complete',
  '/terms',
  '/privacy',
  '/surveys/restaurants',
];

const ownerRoutes = () => [
  ...BACK_OFFICE_SCREENS.map((screen) => `/backoffice/${screen.replace(':id', String(categoryId))}`),
  // An unknown child: the back office's Not found.
  '/backoffice/nothing-here',
];

// The administrator's own screens, and the menu with the restaurant picker in the header.
const adminRoutes = () => [...ADMIN_ONLY_SCREENS.map((screen) => `/admin/${screen}`), '/admin/menu'];

type Checked = { route: string; title: string };

/**
 * Opens `route`, waits until its own heading is in (not the one of the screen before) and its
 * calls have settled, then checks it. Returns what went wrong (nothing when all is well).
 */
async function checkRoute(page: Page, route: string, open: (route: string) => Promise<unknown>): Promise<{ title: string; problems: string[] }> {
  const problems: string[] = [];
  const failedCalls: string[] = [];
  const noteFailure = (response: PlaywrightResponse) => {
    if (response.status() >= 400) failedCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
  };
  page.on('response', noteFailure);
  const inFlight = callsInFlight(page);
  await markHeadingsLeftBehind(page);
  await open(route);
  try {
    // A first load of a lazily loaded screen on a loaded CI machine can take a while: 30 s.
    await page.locator(NEW_HEADING).first().waitFor({ timeout: 30_000 });
    await inFlight.settled();
  } catch (error) {
    // What the screen showed and which calls failed, so that a failure in CI can be explained.
    const shown = (
      await page
        .locator('main')
        .innerText()
        .catch(() => '(no main)')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 200);
    return {
      title: '',
      problems: [`${route}: ${(error as Error).message.split('\n')[0]}; main showed "${shown}"; failed calls: ${failedCalls.join(', ') || 'none'}`],
    };
  } finally {
    page.off('response', noteFailure);
    inFlight.stop();
  }
  const title = await page.title();
  if (title === staticTitle || !title.endsWith('Tablefront')) problems.push(`${route}: the screen sets no title of its own ("${title}")`);
  const mains = await page.locator('main, [role="main"]').count();
  if (mains !== 1) problems.push(`${route}: ${mains} main landmarks`);
  try {
    await expectAccessible(page, route);
  } catch (error) {
    problems.push((error as Error).message);
  }
  return { title, problems };
}

/** Different screens must not share a title (variants of one address, like /reset?email=, may). */
function sharedTitles(checked: Checked[]): string[] {
  const byTitle = new Map<string, Set<string>>();
  for (const { route, title } of checked) {
    if (!title) continue;
    byTitle.set(title, (byTitle.get(title) ?? new Set()).add(route.split('?')[0]!));
  }
  return [...byTitle].filter(([, routes]) => routes.size > 1).map(([title, routes]) => `"${title}" is the title of ${[...routes].join(', ')}`);
}

/**
 * The first route a fresh load of `origin` + route, the rest each reached through the app's
 * router; but a route on the address the page shows already, with other parameters (the reset
 * link of the mail), is loaded as the mail's link is: its screen reads them as it first shows.
 */
async function walk(page: Page, origin: string, routes: string[]): Promise<void> {
  const checked: Checked[] = [];
  const problems: string[] = [];
  for (const [index, route] of routes.entries()) {
    const open = index > 0 && routerCanShow(page, origin, route) ? () => followLink(page, route) : () => page.goto(`${origin}${route}`);
    const result = await checkRoute(page, route, open);
    checked.push({ route, title: result.title });
    problems.push(...result.problems);
  }
  problems.push(...sharedTitles(checked));
  expect(problems, problems.join('\n\n')).toEqual([]);
}

describe('every route, as it first shows: axe at 1280 and 375 px, its own title, one main', () => {
  it('public pages, for a visitor', async () => {
    const page = await newPage(run.browser);
    await walk(page, run.app.url, PUBLIC_ROUTES);
  }, 240_000);

  it('back-office screens and Not found, for an owner', async () => {
    const page = await signedInPage(run.browser);
    // Signed in by the first route's own load.
    await rememberSession(page, run.owner);
    await walk(page, run.app.url, ownerRoutes());
  }, 360_000);

  it('the administrator’s screens', async () => {
    const page = await signedInPage(run.browser);
    await rememberSession(page, admin);
    await walk(page, run.app.url, adminRoutes());
  }, 120_000);
});
