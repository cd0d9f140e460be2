/**
 * Every menu screen in Chromium at desktop and phone width, with a little data, saved under
 * .e2e-artifacts/ for a person to look at; each screen must render its heading with no page errors.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

let app: RunningApp;
let browser: Browser;
let owner: OwnerSession;
let categoryId: number;

beforeAll(async () => {
  // Many page loads a minute from one address: the per-address limit is not what this tests.
  app = await startApp({ rateLimitPerMinute: 100_000 });
  owner = await ownerSession(app, 'screens-owner@example.com');
  const olives = await apiAs<{ id: number }>(app, owner, 'POST', '/toppings/', { name: 'Olives' });
  await apiAs(app, owner, 'POST', '/toppings/', { name: 'Basil' });
  const ranch = await apiAs<{ id: number }>(app, owner, 'POST', '/dressings/', { name: 'Ranch' });
  const crust = await apiAs<{ id: number }>(app, owner, 'POST', '/primary-options/', { name: 'Crust', selections: [{ name: 'Thin' }, { name: 'Thick' }, { name: 'Stuffed' }, { name: 'Gluten free' }, { name: 'Pan' }] });
  const deep = await apiAs<{ category: { id: number } }>(app, owner, 'POST', '/categories/deep/', {
    name: 'Pizza', description: 'Stone baked',
    detail: { priced_by: 'size', primary_option_sets: [crust.id], allow_toppings: true, allow_dressings: true },
    sizes: [{ name: 'Small', units: 10, measurement: 'Inches', position: 1 }, { name: 'Large', units: 14, measurement: 'Inches', position: 2 }],
    toppings: [olives.id], dressings: [ranch.id],
    extra_groups: [{ name: 'Extra cheese', required: false, allow_multiple: true, selections: [{ name: 'Mozzarella', price: 1.5 }] }],
  });
  categoryId = deep.category.id;
  await apiAs(app, owner, 'POST', '/categories/deep/', { name: 'Salads', detail: { priced_by: 'none' } });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const SCREENS = [
  ['home', '/backoffice/menu', 'Menu'],
  ['categories', '/backoffice/menu/categories', 'Categories'],
  ['category-new', '/backoffice/menu/categories/new', 'Add new category'],
  ['category-edit', '/backoffice/menu/categories/{id}/editor', 'Categories › Pizza'],
  ['category-missing', '/backoffice/menu/categories/999999/editor', 'Categories'],
  ['primary-options', '/backoffice/menu/primary-options', 'Primary options'],
  ['toppings', '/backoffice/menu/toppings', 'Toppings'],
  ['dressings', '/backoffice/menu/dressings', 'Dressings'],
  ['extra-options', '/backoffice/menu/extra-options', 'Extra options'],
] as const;

describe.each([[1280, 800], [375, 740]])('menu screens at %i px', (width, height) => {
  it.each(SCREENS)('%s', async (name, path, heading) => {
    const page = await newPage(browser, { width, height });
    await openAs(page, app, owner, path.replace('{id}', String(categoryId)));
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `menu-${name}-${width}`);
  });

  it('primary option editor open', async () => {
    const page = await newPage(browser, { width, height });
    await openAs(page, app, owner, '/backoffice/menu/primary-options');
    await page.getByRole('button', { name: 'Edit Crust' }).click();
    await page.getByRole('switch', { name: 'Add images to selections' }).check({ force: true });
    await page.getByRole('button', { name: 'Image for Thin' }).click();
    await screenshot(page, `menu-primary-option-editor-${width}`);
  });

  it('extra options with a category picked', async () => {
    const page = await newPage(browser, { width, height });
    await openAs(page, app, owner, '/backoffice/menu/extra-options');
    await page.getByPlaceholder('Pick a category').click();
    await page.getByRole('option', { name: 'Pizza' }).click();
    await page.getByRole('button', { name: 'Extra cheese' }).click();
    await page.getByLabel('Selection', { exact: true }).first().waitFor();
    // Let the card's opening animation finish before the picture is taken.
    await page.waitForTimeout(500);
    await screenshot(page, `menu-extra-options-picked-${width}`);
  });

  it('categories list, empty', async () => {
    const other = await ownerSession(app, `empty-${width}@example.com`);
    const page = await newPage(browser, { width, height });
    await openAs(page, app, other, '/backoffice/menu/categories');
    await page.getByText('Create your first menu category').waitFor();
    await screenshot(page, `menu-categories-empty-${width}`);
  });
});
