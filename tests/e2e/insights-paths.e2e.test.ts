/**
 * The three insight models of tests/views/insights/insights.view.test.tsx (the menu dashboard,
 * analytics, and the general stats of the Drivers screen), driven through the built app in
 * Chromium against the real server (PGlite in a temporary folder), as a platform administrator of
 * its own for each path, working on an owner's restaurant ("Pizza Loco", two categories and three
 * menu items, made through the API) with a second one to switch to ("Taco Town", one category and
 * two items). Nothing is answered in the browser: the statistics call is held there only so that
 * `loading`, `retrying` and `switching` can be seen, then let through unchanged; the dashboard's
 * health check is not held. What an answer depends on is arranged at the server while the call is
 * held:
 * - the dashboard's `server.fail`: the menu items' table cannot be read (renamed away, as a
 *   half-run migration would leave it), so the server answers its own 500; it is back before the
 *   answer reaches the browser, and Retry gets the figures.
 * - analytics' and general stats' `server.fail`: Pizza Loco was removed from the database, so the
 *   server answers 404; the screens only log the failure (section 8) and show zeros.
 * `restaurant.switch` is the header's real "Restaurant you work on" picker; the figures expected
 * are those of the menus built here, and the choice is read back from the database.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#contracts/shared/clock-format';
import { analyticsModel, generalStatsModel, menuDashboardModel } from '../models/insights/insights.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditedStates } from './accounts-audit';
import { UNLIMITED, eventually, newAddress } from './accounts-server';
import { adminSession, downloadsOf, heldCall, holdCalls, letThrough, queryOf, type AdminSession } from './backoffice-server';
import { newPage, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

/** The server's sentence for a failure of its own (server/plugins/errors.ts). */
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';
/** The Drivers screen's standing notice (src/views/insights/drivers.view.tsx), shown whatever the figures. */
const COMING_SOON = 'Coming SoonThis screen is being built; the lists above show what it will offer.';
/** What the analytics and general stats machines log when the call fails. */
const LOGGED_FAILURE = /^Error fetching stats/;

const running = withApp(UNLIMITED);
let paths = 0;

type Restaurant = { id: number; name: string; owner: OwnerSession; categories: [string, number][]; items: number };

type Driver = {
  page: Page;
  admin: AdminSession;
  pizza: Restaurant;
  taco: Restaurant;
  /** The restaurant whose figures the screen should be asking for or showing. */
  current: Restaurant;
  stats: Route[];
  /** What the page logged with console.error. */
  logged: string[];
  downloads: Download[];
};

/** An owner's restaurant named `name`, its menu built through the API: categories with their item counts. */
async function restaurant(name: string, menu: Record<string, string[]>): Promise<Restaurant> {
  const owner = await ownerSession(running.app, newAddress('owner'));
  await running.app.query('update restaurants set name = $2 where id = $1', [owner.restaurantId, name]);
  for (const [category, items] of Object.entries(menu)) {
    const created = await apiAs<{ category: { id: number } }>(running.app, owner, 'POST', '/categories/deep/', {
      name: category,
      detail: { priced_by: 'none' },
    });
    for (const item of items) await apiAs(running.app, owner, 'POST', '/menu-items/', { category_id: created.category.id, name: item, price: 9 });
  }
  const categories = Object.entries(menu).map(([category, items]) => [category, items.length] as [string, number]);
  return { id: owner.restaurantId, name, owner, categories, items: categories.reduce((sum, [, count]) => sum + count, 0) };
}

/** A fresh administrator working on a fresh Pizza Loco, a Taco Town beside it, and `path` open. */
async function openScreen(path: string, stats: RegExp): Promise<Driver> {
  paths += 1;
  const admin = await adminSession(running.app);
  const pizza = await restaurant(`Pizza Loco ${paths}`, { Pizzas: ['Margherita', 'Diavola'], Salads: ['Caesar'] });
  const taco = await restaurant(`Taco Town ${paths}`, { Tacos: ['Al pastor', 'Carnitas'] });
  await running.app.query('update users set active_restaurant_id = $2 where id = $1', [admin.userId, pizza.id]);
  const page = await newPage(running.browser, { expectedConsoleErrors: [LOGGED_FAILURE] });
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && LOGGED_FAILURE.test(message.text())) logged.push(message.text());
  });
  const driver: Driver = { page, admin, pizza, taco, current: pizza, stats: await holdCalls(page, stats), logged, downloads: downloadsOf(page) };
  await openAs(page, running.app, admin, path);
  return driver;
}

/** The figure under a KPI card's label. */
const kpi = (page: Page, label: string) => page.getByText(label, { exact: true }).first().locator('xpath=following-sibling::p[1]');
const alert = (page: Page) => page.getByRole('alert');
const bodyRows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));

/** The held statistics call asks for the current restaurant. */
async function expectAsked({ stats, current }: Driver) {
  expect(queryOf(await heldCall(stats))).toEqual({ restaurant_id: String(current.id) });
}

/** The header's picker: the administrator now works on Taco Town. */
async function switchToTaco(driver: Driver) {
  const picker = driver.page.getByRole('combobox', { name: 'Restaurant you work on' });
  await picker.fill(driver.taco.name);
  await driver.page.getByRole('option', { name: driver.taco.name, exact: true }).click();
  driver.current = driver.taco;
}

/** The choice is the server's: the administrator's active restaurant is stored, and the picker shows it. */
async function expectSwitchStored(driver: Driver) {
  const [row] = await running.app.query('select active_restaurant_id from users where id = $1', [driver.admin.userId]);
  expect(row?.active_restaurant_id).toBe(driver.taco.id);
  expect(await driver.page.getByRole('combobox', { name: 'Restaurant you work on' }).inputValue()).toBe(driver.taco.name);
}

/** The current restaurant is removed from the database while its call is held: the server answers 404. */
const removeCurrent = (driver: Driver) =>
  letThrough(driver.stats, 404, async () => {
    expect(await running.app.query('delete from restaurants where id = $1 returning id', [driver.current.id])).toHaveLength(1);
  });

const andAudit = auditedStates();

// ---------------------------------------------------------------------------------------------
// Menu dashboard (/admin/dashboard)

/** The current restaurant's counts and top categories, and the real health check's answer. */
async function expectDashboard(driver: Driver) {
  const { page, current } = driver;
  await eventually(async () => expect(await kpi(page, 'Menu Items').textContent()).toBe(String(current.items)));
  expect(await kpi(page, 'Categories').textContent()).toBe(String(current.categories.length));
  expect(await kpi(page, 'Restaurants').textContent()).toBe('1');
  expect(await bodyRows(page, 'Top categories')).toEqual(current.categories.map(([name, count]) => [name, String(count)]));
  expect(await page.getByRole('region', { name: 'System status' }).getByText('Backend reachable').isVisible()).toBe(true);
  expect(await alert(page).count()).toBe(0);
}

const dashboardExecutors: PathExecutors<Driver> = {
  states: {
    loading: async (driver) => {
      await expectAsked(driver);
      await eventually(async () => expect(await driver.page.getByLabel('Loading the dashboard').isVisible()).toBe(true));
    },
    failed: andAudit('menu dashboard, server fault', async ({ page }) => {
      await eventually(async () => expect(await alert(page).count()).toBe(1));
      expect(await alert(page).textContent()).toContain("Couldn't load dashboard");
      expect(await alert(page).textContent()).toContain(SERVER_FAULT);
      expect(await page.getByRole('button', { name: 'Retry', exact: true }).isEnabled()).toBe(true);
      expect(await page.getByRole('region', { name: 'System status' }).count()).toBe(0);
    }),
    retrying: async (driver) => {
      await expectAsked(driver);
      await eventually(async () => expect(await alert(driver.page).count()).toBe(0));
      expect(await driver.page.getByLabel('Loading the dashboard').isVisible()).toBe(true);
    },
    loaded: andAudit('menu dashboard, administrator', expectDashboard),
    switching: async (driver) => {
      await expectAsked(driver);
      await eventually(async () => expect(await driver.page.getByRole('region', { name: 'System status' }).count()).toBe(0));
      await expectSwitchStored(driver);
    },
    switched: expectDashboard,
  },
  events: {
    'server.answer': ({ stats }) => letThrough(stats, 200),
    'server.fail': async ({ stats }) => {
      try {
        const body = await letThrough(stats, 500, () => running.app.query('alter table menu_items rename to menu_items_away'));
        expect(JSON.parse(body)).toMatchObject({ code: 'internal', detail: SERVER_FAULT });
      } finally {
        await running.app.query('alter table if exists menu_items_away rename to menu_items');
      }
    },
    'dashboard.retry': ({ page }) => page.getByRole('button', { name: 'Retry', exact: true }).click(),
    'restaurant.switch': switchToTaco,
  },
};

describe('menu dashboard in Chromium against the real server: every path of the model (an administrator at /admin/dashboard)', () => {
  for (const { title, run } of modelPathCases(menuDashboardModel, dashboardExecutors))
    it(title, async () => {
      await run(await openScreen('/admin/dashboard', /^\/api\/v2\/stats\/menu\/$/));
    }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Analytics (/admin/analytics)

const seriesDates = async (page: Page) => (await bodyRows(page, 'Orders')).map(([date]) => date);

/**
 * The saved CSV: one line per day of the range shown, the same days as the Orders table. The file
 * writes them ISO, the table as people read them; the platform's figures carry no country, so the
 * table writes them the default way (contracts/shared/clock-format.ts).
 */
async function expectCsv(driver: Driver, days: number) {
  await eventually(async () => expect(driver.downloads).toHaveLength(1));
  const [download] = driver.downloads;
  expect(download!.suggestedFilename()).toBe(`analytics_${days}d.csv`);
  const lines = (await readFile((await download!.path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('date,orders,revenue');
  expect(lines).toHaveLength(days + 1);
  const dates = await seriesDates(driver.page);
  expect(lines.slice(1).map((line) => formatDate(line.split(',')[0]!, null))).toEqual(dates);
  expect(lines.slice(1).every((line) => /^\d{4}-\d{2}-\d{2},[\d.]+,\d+$/.test(line))).toBe(true);
}

async function expectRange(page: Page, days: number) {
  await eventually(async () => expect(await page.getByRole('radio', { name: String(days) }).isChecked()).toBe(true));
  await eventually(async () => expect(await bodyRows(page, 'Orders')).toHaveLength(days));
}

const analyticsExecutors: PathExecutors<Driver> = {
  states: {
    loading: async (driver) => {
      await expectAsked(driver);
      await eventually(async () => expect(await driver.page.getByLabel('Loading analytics').isVisible()).toBe(true));
    },
    zeros: andAudit('analytics, zeros', async ({ page, logged }) => {
      await eventually(async () => expect(await kpi(page, 'Menu Items').textContent()).toBe('0'));
      expect(await kpi(page, 'Restaurants').textContent()).toBe('0');
      expect(await page.getByText('Nothing on the menu yet', { exact: true }).isVisible()).toBe(true);
      expect(logged).toHaveLength(1);
      expect(await alert(page).allTextContents()).toEqual([]);
    }),
    loaded: andAudit('analytics, administrator', async ({ page, current, logged }) => {
      await eventually(async () => expect(await kpi(page, 'Menu Items').textContent()).toBe(String(current.items)));
      expect(await kpi(page, 'Restaurants').textContent()).toBe('1');
      expect(await bodyRows(page, 'Menu Composition')).toEqual([['Categories', String(current.categories.length)]]);
      expect(await page.getByLabel('Restaurant', { exact: true }).textContent()).toBe(current.name);
      expect(await bodyRows(page, 'Items by Category')).toEqual(current.categories.map(([name, count]) => [name, String(count)]));
      await expectRange(page, 30);
      expect(logged).toEqual([]);
    }),
    week: async ({ page, stats }) => {
      await expectRange(page, 7);
      // A range is drawn from the figures already there: nothing is asked again.
      expect(stats).toHaveLength(0);
    },
    exported: (driver) => expectCsv(driver, 30),
    weekExported: (driver) => expectCsv(driver, 7),
  },
  events: {
    'server.answer': ({ stats }) => letThrough(stats, 200),
    'server.fail': removeCurrent,
    // The segmented control draws its own button over each (visually hidden) radio: a person clicks the label.
    'range.choose7': ({ page }) => page.locator('label', { hasText: /^7$/ }).click(),
    'csv.export': ({ page }) => page.getByRole('button', { name: 'Export CSV' }).click(),
  },
};

describe('analytics in Chromium against the real server: every path of the model (an administrator at /admin/analytics)', () => {
  for (const { title, run } of modelPathCases(analyticsModel, analyticsExecutors))
    it(title, async () => {
      await run(await openScreen('/admin/analytics', /^\/api\/v2\/stats\/analytics\/$/));
    }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// General stats, on the Drivers screen (/admin/drivers)

async function expectGeneral({ page, current, logged }: Driver) {
  await eventually(async () => expect(await kpi(page, 'Menu Items').textContent()).toBe(String(current.items)));
  expect(await kpi(page, 'Active Restaurants').textContent()).toBe('1');
  expect(logged).toEqual([]);
}

const generalExecutors: PathExecutors<Driver> = {
  states: {
    loading: async (driver) => {
      await expectAsked(driver);
      await eventually(async () => expect(await driver.page.getByLabel('Loading drivers figures').isVisible()).toBe(true));
    },
    loaded: andAudit('drivers, administrator', expectGeneral),
    zeros: andAudit('drivers, zeros', async ({ page, logged }) => {
      await eventually(async () => expect(await kpi(page, 'Active Restaurants').textContent()).toBe('0'));
      expect(await kpi(page, 'Menu Items').textContent()).toBe('0');
      expect(logged).toHaveLength(1);
      // The failure is only logged: the one alert is the screen's own standing "Coming Soon" notice.
      expect(await alert(page).allTextContents()).toEqual([COMING_SOON]);
    }),
    switching: async (driver) => {
      await expectAsked(driver);
      // The first restaurant's figures are gone while the other's load.
      await eventually(async () => expect(await driver.page.getByLabel('Loading drivers figures').isVisible()).toBe(true));
      expect(await driver.page.getByText('Active Restaurants', { exact: true }).count()).toBe(0);
      await expectSwitchStored(driver);
    },
    switched: expectGeneral,
  },
  events: {
    'server.answer': ({ stats }) => letThrough(stats, 200),
    'server.fail': removeCurrent,
    'restaurant.switch': switchToTaco,
  },
};

describe('general stats in Chromium against the real server: every path of the model (an administrator on Drivers)', () => {
  for (const { title, run } of modelPathCases(generalStatsModel, generalExecutors))
    it(title, async () => {
      await run(await openScreen('/admin/drivers', /^\/api\/v2\/stats\/general\/$/));
    }, 120_000);
});
