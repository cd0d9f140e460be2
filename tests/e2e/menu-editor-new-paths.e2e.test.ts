/**
 * The new-category editor's model paths (tests/models/menu/category-editor.model.ts: categoryNewModel
 * for an owner, categoryNewAdminModel for a superadmin with no restaurant picked), the same ones the
 * happy-dom view test drives, against the built app and the real server in Chromium. Nothing is
 * answered in the browser: the editor's first read (the toppings list), the superadmin's
 * restaurant lookup and the deep create are held at the network only to see the waiting state,
 * then let through unchanged. What an answer depends on is arranged at the server while the call
 * is held:
 * - the read's `server.fail`: the toppings table cannot be read (renamed away, as a half-run
 *   migration leaves it), so the server answers its own 500; the name is put back once it has;
 * - the create's `server.fail`: the database turns read-only (as a standby does during a
 *   failover), so the server answers its own 500; writable again once the answer is back;
 * - the lookup's `server.empty`: the last restaurants are removed from the database, so the list
 *   the server answers is empty; its `server.fail`: the restaurants table is renamed away (500).
 * Each owner walk has an owner and restaurant of its own; the superadmin's walks run against a
 * server of their own, whose restaurants are only the ones those walks make. What Save stored is
 * read back from the database; a step's assertions compare with the newest category the server
 * held just before it.
 */
import type { Browser, Locator, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RESTAURANT_MESSAGE } from '#contracts/shared/restaurants';
import { categoryNewAdminModel, categoryNewModel } from '../models/menu/category-editor.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { notedBeforeEachEvent } from '../support/noted-executors';
import { auditedStates } from './accounts-audit';
import { UNLIMITED, eventually, newAddress } from './accounts-server';
import { adminSession, heldCall, letThrough } from './backoffice-server';
import { newPage, openBrowser, startApp, type RunningApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

/** The server's sentence for a failure of its own (server/plugins/errors.ts). */
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';
/** New mode's note where an existing category's groups are (NEW_MODE_GROUPS_NOTE, src/views/menu/category-editor.view.tsx). */
const GROUPS_LATER = 'Save the category first, then you can add extra option groups.';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Driver = {
  app: RunningApp;
  page: Page;
  session: OwnerSession;
  /** The Olives topping the form assigns. */
  olives: number;
  /** The restaurant the deep create must be for. */
  restaurantId: () => Promise<number>;
  /** The toppings list of the editor's first read, held while `holdLoad`. */
  loads: Route[];
  holdLoad: boolean;
  /** The superadmin's lookup of the first restaurant (the restaurants list by page size alone), held. */
  lookups: Route[];
  /** Every write, held. */
  writes: Route[];
  /** The newest category's id just before the model's last event (0 for none). */
  lastCategoryBefore: number;
  path: () => string;
};

const lastCategory = async (app: RunningApp) => Number((await app.query('select coalesce(max(id), 0)::int as id from categories'))[0]!.id);
/** The categories made by the model's last event (a removed restaurant takes its older ones with it). */
const madeSince = (driver: Driver) => driver.app.query('select id from categories where id > $1', [driver.lastCategoryBefore]);

/** Opens the new-category editor as `session`, with the page's calls routed into the driver's holds. */
async function openNew(
  app: RunningApp,
  session: OwnerSession,
  base: 'backoffice' | 'admin',
  olives: number,
  holdLoad: boolean,
  restaurantId: () => Promise<number>,
): Promise<Driver> {
  const page = await newPage(browser);
  const driver: Driver = {
    app,
    page,
    session,
    olives,
    restaurantId,
    loads: [],
    holdLoad,
    lookups: [],
    writes: [],
    lastCategoryBefore: await lastCategory(app),
    path: () => new URL(page.url()).pathname,
  };
  await page.route('**/api/v2/**', (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.method() !== 'GET') driver.writes.push(route);
    else if (url.pathname === '/api/v2/toppings/' && driver.holdLoad) driver.loads.push(route);
    // The lookup asks for the first restaurant by page size alone (the header's picker orders its lists; a currency read names one).
    else if (url.pathname === '/api/v2/restaurants/' && [...url.searchParams.keys()].join() === 'page_size') driver.lookups.push(route);
    else void route.continue();
  });
  await openAs(page, app, session, `/${base}/menu/categories/new`);
  return driver;
}

/** The one call held now, wherever it is. */
async function theHeld(driver: Driver): Promise<Route[]> {
  const holds = [driver.loads, driver.lookups, driver.writes];
  await eventually(async () =>
    expect(
      holds.map((held) => held.length).reduce((a, b) => a + b),
      'exactly one call should be held',
    ).toBe(1),
  );
  return holds.find((held) => held.length === 1)!;
}

/** The held calls, as `METHOD path`. */
const heldNames = (driver: Driver) =>
  [...driver.loads, ...driver.lookups, ...driver.writes].map((route) => `${route.request().method()} ${new URL(route.request().url()).pathname}`);

async function accept(driver: Driver) {
  const held = await theHeld(driver);
  if (held === driver.loads) driver.holdLoad = false;
  await letThrough(held, held === driver.writes ? 201 : 200);
}

/** The server's own 500 for the held call: what it needs is made unusable while it waits, and usable again after. */
async function fail(driver: Driver) {
  const { app } = driver;
  const held = await theHeld(driver);
  const [breakIt, repair] =
    held === driver.writes
      ? ['set default_transaction_read_only = on', 'set default_transaction_read_only = off']
      : held === driver.loads
        ? ['alter table toppings rename to toppings_away', 'alter table if exists toppings_away rename to toppings']
        : ['alter table restaurants rename to restaurants_away', 'alter table if exists restaurants_away rename to restaurants'];
  try {
    const body = await letThrough(held, 500, () => app.query(breakIt));
    expect(JSON.parse(body)).toMatchObject({ code: 'internal', detail: SERVER_FAULT });
  } finally {
    await app.query(repair);
  }
}

const nameField = (page: Page) => page.getByRole('textbox', { name: /^Name/ });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const sizeNames = (page: Page) => page.getByLabel(/^Size \d+ name$/).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
const alertText = async (page: Page) => ((await page.getByRole('alert').count()) > 0 ? page.getByRole('alert').textContent() : null);

/** Mantine hides the inputs of a segmented control, a switch and a chip: their label takes a person's click. */
async function clickLabelOf(input: Locator) {
  const id = await input.getAttribute('id');
  await input.page().locator(`label[for="${id}"]`).click();
}

async function fill({ page }: Driver) {
  await nameField(page).fill('Pizza');
  await clickLabelOf(page.getByRole('radio', { name: 'Size' }));
  await page.getByRole('button', { name: 'Add size' }).click();
  await clickLabelOf(page.getByRole('switch', { name: 'Assign toppings' }));
  await clickLabelOf(page.getByRole('checkbox', { name: 'Olives' }));
  await eventually(async () => expect(await page.getByRole('checkbox', { name: 'Olives' }).isChecked()).toBe(true));
}

/** Nothing of the form reached the database in this step. */
async function expectNothingStored(driver: Driver) {
  expect(await madeSince(driver)).toEqual([]);
}

/** What `fill` leaves on the form, nothing sent. */
async function expectFilled(driver: Driver) {
  const { page } = driver;
  await eventually(async () => expect(await alertText(page)).toBeNull());
  expect(await nameField(page).inputValue()).toBe('Pizza');
  expect(await sizeNames(page)).toEqual(['New']);
  expect(await page.getByRole('checkbox', { name: 'Olives' }).isChecked()).toBe(true);
  expect(heldNames(driver)).toEqual([]);
  await expectNothingStored(driver);
}

/** The deep create is held, carrying what `fill` put on the form, for the restaurant it belongs to. */
async function expectCreating(driver: Driver) {
  const request: Request = await heldCall(driver.writes);
  expect(`${request.method()} ${new URL(request.url()).pathname}`).toBe('POST /api/v2/categories/deep/');
  expect(request.postDataJSON()).toMatchObject({
    restaurant_id: await driver.restaurantId(),
    name: 'Pizza',
    detail: { priced_by: 'size', allow_toppings: true },
    sizes: [{ name: 'New', position: 1 }],
    toppings: [driver.olives],
  });
  expect(await saveButton(driver.page).getAttribute('data-loading')).not.toBeNull();
  await expectNothingStored(driver);
}

/** On the new category's editor, and the database holds what the form said. */
async function expectCreated(driver: Driver) {
  const { page, app } = driver;
  await page.getByRole('heading', { level: 1, name: 'Categories › Pizza' }).waitFor({ timeout: 15_000 });
  const id = Number(/\/menu\/categories\/(\d+)\/editor$/.exec(driver.path())?.[1]);
  const [category] = await app.query(
    'select c.name, c.restaurant_id, d.priced_by, d.allow_toppings from categories c join category_details d on d.category_id = c.id where c.id = $1',
    [id],
  );
  expect(category).toEqual({ name: 'Pizza', restaurant_id: await driver.restaurantId(), priced_by: 'size', allow_toppings: true });
  expect(await app.query('select name, position from category_sizes where category_id = $1', [id])).toEqual([{ name: 'New', position: 1 }]);
  expect(await app.query('select topping_id from category_toppings where category_id = $1', [id])).toEqual([{ topping_id: driver.olives }]);
  expect(await madeSince(driver)).toEqual([{ id }]);
  expect(await sizeNames(page)).toEqual(['New']);
}

const dismiss = ({ page }: Driver) => page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
const andAudit = auditedStates();

/** The executors, each noting first the newest category the server holds. */
const notingCategories = (events: PathExecutors<Driver>['events']) =>
  notedBeforeEachEvent<Driver>(events, async (driver) => {
    driver.lastCategoryBefore = await lastCategory(driver.app);
  });

const newExecutors: PathExecutors<Driver> = {
  events: notingCategories({
    fill,
    'size.remove': ({ page }) => page.getByRole('button', { name: 'Remove size New' }).click(),
    'category.save': ({ page }) => saveButton(page).click(),
    'alert.dismiss': dismiss,
    'load.retry': ({ page }) => page.getByRole('button', { name: 'Retry' }).click(),
    'server.accept': accept,
    'server.fail': fail,
  }),
  states: {
    loading: async (driver) => {
      const request = await heldCall(driver.loads);
      expect(new URL(request.url()).pathname).toBe('/api/v2/toppings/');
      await eventually(async () => expect(await driver.page.getByLabel('Loading category').isVisible()).toBe(true));
      expect(await alertText(driver.page)).toBeNull();
      expect(await nameField(driver.page).count()).toBe(0);
      expect(heldNames(driver)).toEqual(['GET /api/v2/toppings/']);
    },
    loadFailed: andAudit('new category, the first read failed', async ({ page, loads, writes }) => {
      await eventually(async () => expect(await page.getByRole('alert').count()).toBe(1));
      const text = await alertText(page);
      expect(text).toContain("Couldn't load this page");
      expect(text).toContain(SERVER_FAULT);
      expect(await page.getByRole('alert').getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
      expect(await nameField(page).count()).toBe(0);
      expect(await saveButton(page).count()).toBe(0);
      expect([...loads, ...writes]).toEqual([]);
    }),
    blank: async (driver) => {
      const { page } = driver;
      await page.getByRole('heading', { level: 1, name: 'Add new category' }).waitFor();
      expect(await page.getByText(GROUPS_LATER, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Add group' }).count()).toBe(0);
      expect(await nameField(page).inputValue()).toBe('');
      expect(heldNames(driver)).toEqual([]);
    },
    nameRequired: async (driver) => {
      await driver.page.getByText('Please enter a category name').waitFor();
      expect(heldNames(driver)).toEqual([]);
      await expectNothingStored(driver);
    },
    filled: expectFilled,
    sizeRemoved: async (driver) => {
      const { page } = driver;
      await eventually(async () => expect(await sizeNames(page)).toEqual([]));
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await nameField(page).inputValue()).toBe('Pizza');
      expect(heldNames(driver)).toEqual([]);
      await expectNothingStored(driver);
    },
    creating: expectCreating,
    createFailed: andAudit('new category, the create failed', async (driver) => {
      const { page } = driver;
      await eventually(async () => expect(await alertText(page)).toBe(`Failed to create category: ${SERVER_FAULT}`));
      expect(await nameField(page).inputValue()).toBe('Pizza');
      expect(await sizeNames(page)).toEqual(['New']);
      expect(await saveButton(page).getAttribute('data-loading')).toBeNull();
      expect(heldNames(driver)).toEqual([]);
      await expectNothingStored(driver);
    }),
    created: expectCreated,
  },
};

const newAdminExecutors: PathExecutors<Driver> = {
  events: notingCategories({
    fill,
    'category.save': ({ page }) => saveButton(page).click(),
    'alert.dismiss': dismiss,
    'server.accept': accept,
    'server.empty': async (driver) => {
      // The restaurants go while the lookup waits: the server's list is empty.
      await letThrough(driver.lookups, 200, async () => {
        expect((await driver.app.query('delete from restaurants returning id')).length).toBeGreaterThan(0);
      });
    },
    'server.fail': fail,
  }),
  states: {
    blank: async (driver) => {
      expect(await nameField(driver.page).inputValue()).toBe('');
      expect(heldNames(driver)).toEqual([]);
    },
    filled: expectFilled,
    lookingUp: async (driver) => {
      const request = await heldCall(driver.lookups);
      expect(new URL(request.url()).searchParams.get('page_size')).toBe('1');
      expect(await saveButton(driver.page).getAttribute('data-loading')).not.toBeNull();
      expect(await alertText(driver.page)).toBeNull();
      expect(heldNames(driver)).toEqual(['GET /api/v2/restaurants/']);
      await expectNothingStored(driver);
    },
    noRestaurant: async (driver) => {
      const { page } = driver;
      await eventually(async () => expect(await alertText(page)).toBe(NO_RESTAURANT_MESSAGE));
      expect(await nameField(page).inputValue()).toBe('Pizza');
      expect(await saveButton(page).getAttribute('data-loading')).toBeNull();
      expect(heldNames(driver)).toEqual([]);
      await expectNothingStored(driver);
    },
    lookupFailed: async (driver) => {
      const { page } = driver;
      await eventually(async () => expect(await alertText(page)).toBe(`Failed to create category: ${SERVER_FAULT}`));
      expect(await nameField(page).inputValue()).toBe('Pizza');
      expect(heldNames(driver)).toEqual([]);
      await expectNothingStored(driver);
    },
    creating: expectCreating,
    created: expectCreated,
  },
};

describe('new category in Chromium, an owner: walks that take every transition of the model, the real server failing on cue', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(UNLIMITED);
  });
  afterAll(async () => {
    await app?.stop();
  });

  for (const { title, run } of modelPathCases(categoryNewModel, newExecutors))
    it(title, async () => {
      const owner = await ownerSession(app, newAddress('new-category-owner'));
      const olives = await apiAs<{ id: number }>(app, owner, 'POST', '/toppings/', { name: 'Olives' });
      const driver = await openNew(app, owner, 'backoffice', olives.id, true, async () => owner.restaurantId);
      await run(driver);
    });
});

describe('new category in Chromium, a superadmin with no restaurant picked: walks that take every transition of the model', () => {
  // A server of its own: "the first restaurant" and "no restaurant" are about every restaurant it has.
  let app: RunningApp;
  let olives: number;
  beforeAll(async () => {
    app = await startApp(UNLIMITED);
    const librarian = await adminSession(app, 'librarian');
    await app.query('update users set active_restaurant_id = null where id = $1', [librarian.userId]);
    // Made with no restaurant picked, the topping is everyone's (restaurant_id null) and outlives any restaurant.
    olives = (await apiAs<{ id: number }>(app, librarian, 'POST', '/toppings/', { name: 'Olives' })).id;
    expect(await app.query('select restaurant_id from toppings where id = $1', [olives])).toEqual([{ restaurant_id: null }]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  for (const { title, run } of modelPathCases(categoryNewAdminModel, newAdminExecutors))
    it(title, async () => {
      const admin = await adminSession(app, 'new-category-admin');
      await app.query('update users set active_restaurant_id = null where id = $1', [admin.userId]);
      const firstRestaurant = async () => Number((await app.query('select min(id)::int as id from restaurants'))[0]!.id);
      const driver = await openNew(app, admin, 'admin', olives, false, firstRestaurant);
      await driver.page.getByRole('heading', { level: 1, name: 'Add new category' }).waitFor();
      await run(driver);
    });
});
