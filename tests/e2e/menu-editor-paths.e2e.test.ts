/**
 * The category editor's model paths (tests/models/menu/category-editor.model.ts), the same ones the
 * happy-dom view test drives, against the built app and the real server in Chromium. Nothing is
 * answered in the browser: every write the page makes is held at the network only to see the
 * waiting state, then let through unchanged. `server.accept` lets it through to the server as it
 * is; for `server.fail` the database turns read-only while the write is held (as a standby does
 * during a failover), so the server answers its own 500, and is writable again once the answer is
 * back. Each failure branch meets the real screen and the real server's failure.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { categoryEditModel } from '../models/menu/category-editor.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { expectAccessible } from './axe';
import { newPage } from './harness';
import { apiAs, openAs, withOwnerApp } from './menu-session';

const run = withOwnerApp('paths-owner@example.com');
let library: { olives: number; basil: number };

beforeAll(async () => {
  const olives = await apiAs<{ id: number }>(run.app, run.owner, 'POST', '/toppings/', { name: 'Olives' });
  const basil = await apiAs<{ id: number }>(run.app, run.owner, 'POST', '/toppings/', { name: 'Basil' });
  library = { olives: olives.id, basil: basil.id };
});

type Driver = { page: Page; held: Route[]; path: () => string };

/** A fresh Pizza for each path, opened in the editor with every write held. */
async function openPizza(): Promise<Driver> {
  const created = await apiAs<{ category: { id: number } }>(run.app, run.owner, 'POST', '/categories/deep/', {
    name: 'Pizza',
    detail: { priced_by: 'size', allow_toppings: true },
    sizes: [
      { name: 'Small', position: 1 },
      { name: 'Large', position: 2 },
    ],
    toppings: [library.olives],
    extra_groups: [
      {
        name: 'Sauces',
        allow_multiple: true,
        add_images_to_selections: false,
        selections: [
          { name: 'BBQ', price: 0.5 },
          { name: 'Garlic', price: 0.75 },
        ],
      },
    ],
  });
  const page = await newPage(run.browser);
  const held: Route[] = [];
  await page.route('**/api/v2/**', (route) => (route.request().method() === 'GET' ? route.continue() : held.push(route)));
  await openAs(page, run.app, run.owner, `/backoffice/menu/categories/${created.category.id}/editor`);
  await page.getByRole('heading', { level: 1, name: 'Categories › Pizza' }).waitFor();
  return { page, held, path: () => new URL(page.url()).pathname };
}

/** The server's sentence for a failure of its own (server/plugins/errors.ts). */
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

async function setReadOnly(readOnly: boolean) {
  // PGlite has one session, the server's and this one: the setting applies to the server's next transaction.
  await run.app.query(`set default_transaction_read_only = ${readOnly ? 'on' : 'off'}`);
}

/** Lets the one held write through unchanged; for a failure, the database is read-only meanwhile. */
async function release(driver: Driver, ok: boolean) {
  await expect.poll(() => driver.held.length).toBe(1);
  const route = driver.held.shift()!;
  const request = route.request();
  if (!ok) {
    await setReadOnly(true);
    onTestFinished(() => setReadOnly(false));
  }
  try {
    await route.continue();
    const response = await request.response();
    if (!response) throw new Error(`${request.method()} ${request.url()} got no answer`);
    const body = await response.text();
    if (ok) expect(response.ok(), body).toBe(true);
    else {
      expect(response.status(), body).toBe(500);
      expect(JSON.parse(body)).toMatchObject({ code: 'internal', detail: SERVER_FAULT });
    }
  } finally {
    if (!ok) await setReadOnly(false);
  }
}

const sizeNames = (page: Page) => page.getByLabel(/^Size \d+ name$/).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
const alertText = async (page: Page) => ((await page.getByRole('alert').count()) > 0 ? page.getByRole('alert').textContent() : null);
const basil = (page: Page) => page.getByRole('checkbox', { name: 'Basil' });
const selections = (page: Page) =>
  page.getByLabel('Selection', { exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

const executors: PathExecutors<Driver> = {
  events: {
    'size.add': ({ page }) => page.getByRole('button', { name: 'Add size' }).click(),
    'size.rename': async ({ page }) => {
      await page.getByLabel('Size 1 name').fill('Tiny');
      await page.getByLabel('Size 1 name').blur();
    },
    // Mantine hides a chip's input: its label takes the click.
    'topping.toggle': ({ page }) => page.getByText('Basil', { exact: true }).click({ force: true }),
    'selection.delete': ({ page }) => page.getByRole('button', { name: 'Delete selection BBQ' }).click(),
    'category.save': ({ page }) => page.getByRole('button', { name: 'Save' }).click(),
    'server.accept': (driver) => release(driver, true),
    'server.fail': (driver) => release(driver, false),
  },
  states: {
    editing: async ({ page }) => {
      expect(await sizeNames(page)).toEqual(['Small', 'Large']);
      expect(await page.getByRole('checkbox', { name: 'Olives' }).isChecked()).toBe(true);
    },
    sizeSaving: async ({ page, held }) => {
      await expect.poll(() => sizeNames(page)).toEqual(['Small', 'Large', 'New']);
      await page.getByText('Saving…').waitFor();
      await expect
        .poll(() => held.map((route) => `${route.request().method()} ${new URL(route.request().url()).pathname}`))
        .toEqual(['POST /api/v2/categories/sizes/']);
    },
    sizeSaved: async ({ page }) => {
      await page.getByText('Saved', { exact: true }).waitFor();
      expect(await sizeNames(page)).toEqual(['Small', 'Large', 'New']);
    },
    sizeRemoved: async ({ page }) => {
      await expect.poll(() => alertText(page)).toBe('Failed to save change');
      expect(await sizeNames(page)).toEqual(['Small', 'Large']);
    },
    renameSaving: async ({ page, held }) => {
      await expect.poll(() => held.map((route) => route.request().method())).toEqual(['PATCH']);
      expect(await sizeNames(page)).toEqual(['Tiny', 'Large']);
    },
    renamed: async ({ page }) => {
      await page.getByText('Saved', { exact: true }).waitFor();
      expect(await sizeNames(page)).toEqual(['Tiny', 'Large']);
    },
    renameReverted: async ({ page }) => {
      await expect.poll(() => alertText(page)).toBe('Failed to save change');
      await expect.poll(() => sizeNames(page)).toEqual(['Small', 'Large']);
      await expectAccessible(page, 'category editor, a change the server refused');
    },
    toppingSaving: async ({ page, held }) => {
      await expect.poll(() => held.map((route) => route.request().method())).toEqual(['POST']);
      expect(await basil(page).isChecked()).toBe(true);
    },
    toppingAssigned: async ({ page }) => {
      await expect.poll(() => page.getByText('Basil', { exact: true }).locator('xpath=ancestor::*[@aria-busy="true"]').count()).toBe(0);
      expect(await basil(page).isChecked()).toBe(true);
      expect(await alertText(page)).toBeNull();
    },
    toppingRolledBack: async ({ page }) => {
      await expect.poll(() => alertText(page)).toBe('Failed to assign topping');
      expect(await basil(page).isChecked()).toBe(false);
    },
    selectionDeleting: async ({ page, held }) => {
      await expect.poll(() => held.map((route) => route.request().method())).toEqual(['DELETE']);
      expect(await selections(page)).toEqual(['Garlic']);
    },
    selectionGone: async ({ page }) => {
      await expect.poll(() => selections(page)).toEqual(['Garlic']);
      expect(await alertText(page)).toBeNull();
    },
    selectionRestored: async ({ page }) => {
      await expect.poll(() => alertText(page)).toBe('Failed to delete selection');
      expect(await selections(page)).toEqual(['BBQ', 'Garlic']);
    },
    leaving: async ({ held }) => {
      await expect.poll(() => held.map((route) => route.request().method())).toEqual(['PATCH']);
    },
    left: async (driver) => {
      await expect.poll(() => driver.path()).toBe('/backoffice/menu/categories');
    },
    stayed: async ({ page, path }) => {
      await expect.poll(() => alertText(page)).toBe('Failed to save change');
      expect(path()).toMatch(/\/editor$/);
    },
  },
};

const cases = modelPathCases(categoryEditModel, executors);

describe('category editor in Chromium: every path of the model, the real server failing on cue', () => {
  for (const { title, run } of cases)
    it(title, async () => {
      await run(await openPizza());
    });
});
