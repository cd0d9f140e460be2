/**
 * The local demand model of tests/views/leads/local-demand.view.test.tsx, driven through the
 * built app in Chromium against the real server (PGlite in a temporary folder), as a platform
 * administrator of its own for each path, working on an owner's restaurant ("Pizza Loco") with
 * a second one to switch to ("Taco Town"), each onboarded to deliver to two zip codes. Nothing is answered
 * in the browser: the demand call is held there only so that `loading` and `switching` can be
 * seen, then let through unchanged. Each path starts from sign-ups stored in and around those zip
 * codes at known ages; what an answer depends on is arranged at the server while its call is held:
 * - `server.noZips`: Pizza Loco's owner saves its delivery step as "no delivery" (through the
 *   API), and it has no address: no zip code is left to count.
 * - `server.fail`: Pizza Loco was removed from the database, so the server answers 404.
 * `restaurant.switch` is the header's real "Restaurant you work on" picker.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY } from '#contracts/onboarding';
import { messages } from '#server/db/schema';
import { localDemandModel } from '../models/leads/local-demand.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditedStates } from './accounts-audit';
import { UNLIMITED, eventually, newAddress } from './accounts-server';
import { adminSession, heldCall, holdCalls, letThrough, queryOf, type AdminSession } from './backoffice-server';
import { newPage, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The machine's alert (src/machines/leads/local-demand.machine.ts) and the server's sentence for a restaurant that is gone. */
const LOAD_FAILED = "Couldn't load the local demand: ";
const RESTAURANT_GONE = 'Restaurant not found.';
const DELIVERY_ZIPS_NOTE = 'The zip codes are the ones the restaurant delivers to (onboarding, delivery step).';

/** The zip codes each restaurant delivers to. */
const SERVED = { pizza: ['62701', '62702'], taco: ['10001', '10002'] } as const;
/**
 * Stored sign-ups: a zip code and an age in days. Some are too old to count (over 90 days), some
 * in a zip code neither restaurant serves; one is a ZIP+4, counted for its ZIP.
 */
const SIGNUPS: readonly (readonly [string, number])[] = [
  ['62702', 1],
  ['62702-1234', 10],
  ['62702', 60],
  ['62702', 100],
  ['62701', 40],
  ['62701', 80],
  ['10001', 5],
  ['10001', 95],
  ['99999', 2],
];

const running = withApp(UNLIMITED);
let paths = 0;

type Restaurant = { id: number; name: string; zips: readonly string[]; owner: OwnerSession };

type Driver = {
  page: Page;
  admin: AdminSession;
  pizza: Restaurant;
  taco: Restaurant;
  /** The restaurant whose figures the screen should be asking for or showing. */
  current: Restaurant;
  demand: Route[];
};

/** The figures the server should give for `zips`, counted here from SIGNUPS: busiest over 90 days first, then by zip. */
function expectedFigures(zips: readonly string[]) {
  const counted = zips
    .map((zip) => {
      const ages = SIGNUPS.filter(([signup]) => signup.slice(0, 5) === zip).map(([, age]) => age);
      return { zip, last30: ages.filter((age) => age <= 30).length, last90: ages.filter((age) => age <= 90).length };
    })
    .sort((a, b) => b.last90 - a.last90 || a.zip.localeCompare(b.zip));
  return {
    rows: counted.map(({ zip, last30, last90 }) => [zip, String(last30), String(last90)]),
    last30: counted.reduce((sum, zip) => sum + zip.last30, 0),
    last90: counted.reduce((sum, zip) => sum + zip.last90, 0),
  };
}

/** An owner's restaurant, onboarded through the API to deliver to `zips` (the delivery step, by zip code), named `name`. */
async function restaurant(name: string, zips: readonly string[]): Promise<Restaurant> {
  const owner = await ownerSession(running.app, newAddress('owner'));
  await apiAs(running.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/delivery/`, { ...DEFAULT_DELIVERY, coverage_mode: 'zip', zip_codes: [...zips] });
  await running.app.query('update restaurants set name = $2 where id = $1', [owner.restaurantId, name]);
  return { id: owner.restaurantId, name, zips, owner };
}

async function openDemand(): Promise<Driver> {
  paths += 1;
  await running.app.query('delete from messages');
  const now = Date.now();
  await running.app.database.db.insert(messages).values(
    SIGNUPS.map(([zip, age], index) => ({
      email: `neighbour${index}@example.com`,
      zipCode: zip,
      createdAt: new Date(now - age * DAY_MS),
    })),
  );
  const admin = await adminSession(running.app);
  // Names of this path's own: the header's picker lists every restaurant of the server.
  const pizza = await restaurant(`Pizza Loco ${paths}`, SERVED.pizza);
  const taco = await restaurant(`Taco Town ${paths}`, SERVED.taco);
  await running.app.query('update users set active_restaurant_id = $2 where id = $1', [admin.userId, pizza.id]);
  const page = await newPage(running.browser);
  const driver: Driver = { page, admin, pizza, taco, current: pizza, demand: await holdCalls(page, /^\/api\/v2\/demand\/$/) };
  await openAs(page, running.app, admin, '/admin/messages/demand');
  return driver;
}

const alert = (page: Page) => page.getByRole('alert');
const figuresTable = (page: Page) => page.getByRole('table', { name: 'Sign-ups per zip code' });
const aboutLine = (page: Page) => page.getByText(/, the restaurant you work on\.$/);
const figure = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

const andAudit = auditedStates();

/** The demand call for the current restaurant is held; the screen shows it is loading, and nobody's figures. */
async function expectLoading({ page, demand, current }: Driver) {
  expect(queryOf(await heldCall(demand))).toEqual({ restaurant_id: String(current.id) });
  await eventually(async () => expect(await page.getByLabel('Loading local demand').isVisible()).toBe(true));
  expect(await aboutLine(page).count()).toBe(0);
  expect(await figuresTable(page).count()).toBe(0);
}

/** The current restaurant's figures as the server counts its stored sign-ups, and never anyone's address. */
async function expectFigures({ page, current }: Driver) {
  const expected = expectedFigures(current.zips);
  await eventually(async () => expect((await aboutLine(page).textContent())?.trim()).toBe(`About ${current.name}, the restaurant you work on.`));
  expect(await figure(page, 'Sign-ups in the last 30 days').textContent()).toBe(String(expected.last30));
  expect(await figure(page, 'Sign-ups in the last 90 days').textContent()).toBe(String(expected.last90));
  const rows = await figuresTable(page)
    .getByRole('row')
    .evaluateAll((nodes) => nodes.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  expect(rows).toEqual([['Zip code', 'Last 30 days', 'Last 90 days'], ...expected.rows]);
  expect(await page.getByText(DELIVERY_ZIPS_NOTE, { exact: true }).isVisible()).toBe(true);
  expect(await page.locator('main').textContent()).not.toContain('@');
  expect(await alert(page).count()).toBe(0);
}

const executors: PathExecutors<Driver> = {
  events: {
    'server.answer': ({ demand }) => letThrough(demand, 200),
    'server.noZips': ({ demand, pizza }) =>
      letThrough(demand, 200, async () => {
        // Its owner saves the delivery step again: no delivery.
        await apiAs(running.app, pizza.owner, 'PUT', `/onboarding/${pizza.id}/delivery/`, { ...DEFAULT_DELIVERY, has_delivery: false });
        expect(await running.app.query('select restaurant_id from restaurant_locations where restaurant_id = $1', [pizza.id])).toEqual([]);
      }),
    'server.fail': ({ demand, pizza }) =>
      letThrough(demand, 404, async () => {
        expect(await running.app.query('delete from restaurants where id = $1 returning id', [pizza.id])).toHaveLength(1);
      }),
    'demand.retry': ({ page }) => page.getByRole('button', { name: 'Retry', exact: true }).click(),
    'restaurant.switch': async (driver) => {
      const picker = driver.page.getByRole('combobox', { name: 'Restaurant you work on' });
      await picker.fill(driver.taco.name);
      await driver.page.getByRole('option', { name: driver.taco.name, exact: true }).click();
      driver.current = driver.taco;
    },
  },
  states: {
    loading: expectLoading,
    failed: andAudit('local demand, restaurant gone', async ({ page }) => {
      await eventually(async () => expect(await alert(page).textContent()).toBe(`Couldn't load this page${LOAD_FAILED}${RESTAURANT_GONE}Retry`));
      expect(await page.getByRole('button', { name: 'Retry', exact: true }).isEnabled()).toBe(true);
      expect(await figuresTable(page).count()).toBe(0);
    }),
    loaded: andAudit('local demand, administrator', expectFigures),
    switching: async (driver) => {
      await expectLoading(driver);
      // The choice is the server's: the administrator now works on Taco Town.
      const [row] = await running.app.query('select active_restaurant_id from users where id = $1', [driver.admin.userId]);
      expect(row?.active_restaurant_id).toBe(driver.taco.id);
      expect(await driver.page.getByRole('combobox', { name: 'Restaurant you work on' }).inputValue()).toBe(driver.taco.name);
    },
    switched: expectFigures,
    noZips: andAudit('local demand, no zip codes', async ({ page, pizza }) => {
      const link = page.getByRole('link', { name: 'the delivery step of onboarding' });
      await link.waitFor({ timeout: 10_000 });
      expect(await link.getAttribute('href')).toBe(`/onboard/${pizza.id}/delivery`);
      expect((await aboutLine(page).textContent())?.trim()).toBe(`About ${pizza.name}, the restaurant you work on.`);
      expect(await figuresTable(page).count()).toBe(0);
      // What the server holds: no delivery, so nothing to count for it.
      const [delivery] = await running.app.query('select has_delivery from restaurant_delivery where restaurant_id = $1', [pizza.id]);
      expect(delivery?.has_delivery).toBe(false);
    }),
  },
};

describe('local demand in Chromium against the real server: every path of the model (an administrator at /admin/messages/demand)', () => {
  for (const { title, run } of modelPathCases(localDemandModel, executors))
    it(title, async () => {
      await run(await openDemand());
    }, 120_000);
});
