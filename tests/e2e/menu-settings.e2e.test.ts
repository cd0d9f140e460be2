/**
 * Issue 10, item 1: a SAVED category's settings save in edit mode. The owner changes the pricing
 * basis, the primary option sets, the hero image and both switches of a category made earlier,
 * reloads, and finds each one stored: on screen and in the server's answer. Before the fix every
 * one of these changes answered 400 (`category_id: Unknown field.`) and reverted.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CategoryDeep, CategoryDetail, MenuItem } from '#contracts/menu';
import type { Page as ListPage } from '#contracts/shared/lists';
import { expectAccessible } from './axe';
import { newPage, screenshot } from './harness';
import { apiAs, openAs, withOwnerApp } from './menu-session';

const run = withOwnerApp('settings-owner@example.com');

beforeAll(async () => {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'hero.png');
  const uploaded = await fetch(`${run.app.url}/api/v2/upload/image/`, { method: 'POST', headers: { authorization: `Bearer ${run.owner.access}` }, body: form });
  hero = ((await uploaded.json()) as { url: string }).url;
});

/** A picture uploaded here (the menu takes uploads and https:// addresses), so its preview loads. */
let hero: string;

/** A saved category with no settings switched on, and a library to choose from: made through the API. */
async function savedCategory(): Promise<{ categoryId: number; crustId: number }> {
  await apiAs(run.app, run.owner, 'POST', '/toppings/', { name: 'Olives' });
  await apiAs(run.app, run.owner, 'POST', '/dressings/', { name: 'Ranch' });
  const crust = await apiAs<{ id: number }>(run.app, run.owner, 'POST', '/primary-options/', {
    name: 'Crust',
    selections: [{ name: 'Thin' }, { name: 'Thick' }],
  });
  await apiAs(run.app, run.owner, 'POST', '/primary-options/', { name: 'Cheese', selections: [{ name: 'Mozzarella' }] });
  const created = await apiAs<CategoryDeep>(run.app, run.owner, 'POST', '/categories/deep/', {
    restaurant_id: run.owner.restaurantId,
    name: 'Salads',
    detail: { priced_by: 'none', primary_option_sets: [], allow_toppings: false, allow_dressings: false, image_url: null },
  });
  return { categoryId: created.category.id, crustId: crust.id };
}

const storedDetail = async (categoryId: number) =>
  (await apiAs<ListPage<CategoryDetail>>(run.app, run.owner, 'GET', `/categories/detail/?category_id=${categoryId}`)).results[0];

/** Mantine hides the real inputs of segmented controls and switches: their labels take the click. */
const clickLabel = (page: Page, label: string) => page.getByText(label, { exact: true }).click({ force: true });

/** How far the pricing basis control's selection indicator sits from the checked segment's label, in whole pixels. */
const indicatorOffset = (page: Page) =>
  page.locator('[aria-labelledby="pricing-basis"]').evaluate((control) => {
    const indicator = control.querySelector('.mantine-SegmentedControl-indicator')!.getBoundingClientRect();
    const label = control.querySelector('input:checked + label')!.getBoundingClientRect();
    const round = (value: number) => Math.round(value) + 0; // + 0: no -0
    return {
      dx: round(indicator.x - label.x),
      dy: round(indicator.y - label.y),
      dw: round(indicator.width - label.width),
      dh: round(indicator.height - label.height),
    };
  });

describe('the category editor in edit mode', () => {
  it('stores a saved category’s pricing basis, option sets, hero image and both switches', async () => {
    const { categoryId, crustId } = await savedCategory();
    const page = await newPage(run.browser);
    await openAs(page, run.app, run.owner, `/backoffice/menu/categories/${categoryId}/editor`);
    await page.getByRole('heading', { level: 1, name: 'Categories › Salads' }).waitFor();

    await clickLabel(page, 'Weight');
    await page.getByRole('combobox', { name: 'Primary options' }).click();
    await page.getByRole('option', { name: 'Crust' }).click();
    await page.keyboard.press('Escape');
    const imageUrl = page.getByRole('textbox', { name: 'Image URL' });
    await imageUrl.fill(hero);
    await imageUrl.blur();
    await clickLabel(page, 'Assign toppings');
    await clickLabel(page, 'Assign dressings');

    // Each change went to the server one after another; the last one is there once all are.
    await expect.poll(async () => (await storedDetail(categoryId))?.allow_dressings, { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('Failed to save change').count()).toBe(0);
    expect(await storedDetail(categoryId)).toMatchObject({
      priced_by: 'weight',
      primary_option_sets: [crustId],
      image_url: hero,
      allow_toppings: true,
      allow_dressings: true,
    });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Categories › Salads' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Weight' }).isChecked()).toBe(true);
    const sets = page.getByRole('region', { name: 'Details' });
    expect(await sets.getByText('Crust', { exact: true }).count()).toBe(1);
    expect(await sets.getByText('Cheese', { exact: true }).count()).toBe(0);
    // The pricing basis control draws its selection exactly over the chosen segment (it was 4 px off).
    await expect.poll(() => indicatorOffset(page), { timeout: 5_000 }).toEqual({ dx: 0, dy: 0, dw: 0, dh: 0 });
    expect(await page.getByRole('textbox', { name: 'Image URL' }).inputValue()).toBe(hero);
    expect(await page.getByRole('switch', { name: 'Assign toppings' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Assign dressings' }).isChecked()).toBe(true);
    // The switches show their chips again: the catalogue is offered once assignment is on.
    await page.getByRole('group', { name: 'Toppings' }).getByText('Olives').waitFor();
    await page.getByRole('group', { name: 'Dressings' }).getByText('Ranch').waitFor();
    await screenshot(page, 'menu-settings-reloaded');
  });
});

describe('removing a size in the category editor', () => {
  it('asks before removing a size that a menu item prices, says how many prices go, and removes one nobody prices at once', async () => {
    const created = await apiAs<CategoryDeep>(run.app, run.owner, 'POST', '/categories/deep/', {
      restaurant_id: run.owner.restaurantId,
      name: 'Pies',
      detail: { priced_by: 'size' },
      sizes: [
        { name: 'Slice', position: 1 },
        { name: 'Whole', position: 2 },
        { name: 'Family', position: 3 },
      ],
    });
    const [slice, whole] = created.sizes;
    await apiAs(run.app, run.owner, 'POST', '/menu-items/', {
      category_id: created.category.id,
      name: 'Apple pie',
      prices: [
        { size_id: slice!.id, price: 4.5 },
        { size_id: whole!.id, price: 24 },
      ],
    });
    const page = await newPage(run.browser);
    await openAs(page, run.app, run.owner, `/backoffice/menu/categories/${created.category.id}/editor`);
    await page.getByRole('article', { name: 'Apple pie' }).getByText('Slice $4.50 · Whole $24.00').waitFor();

    // Family: no price uses it, so it goes without a question.
    await page.getByRole('button', { name: 'Remove size Family' }).click();
    await expect.poll(() => page.getByLabel(/^Size \d+ name$/).count()).toBe(2);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Slice: one price uses it. Cancel keeps it; Remove size removes it and its price.
    await page.getByRole('button', { name: 'Remove size Slice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove size Slice?' });
    await dialog.getByText('1 menu item has a price for this size. Removing the size deletes that price. This cannot be undone.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectAccessible(page, 'remove size dialog open');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Size 1 name').inputValue()).toBe('Slice');
    await page.getByRole('button', { name: 'Remove size Slice' }).click();
    await dialog.getByRole('button', { name: 'Remove size' }).click();
    await expect.poll(() => page.getByLabel(/^Size \d+ name$/).count()).toBe(1);
    await screenshot(page, 'menu-size-removed');

    await page.reload();
    await page.getByRole('article', { name: 'Apple pie' }).getByText('Whole $24.00').waitFor();
    expect(await page.getByLabel(/^Size \d+ name$/).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['Whole']);
    const items = await apiAs<ListPage<MenuItem>>(run.app, run.owner, 'GET', `/menu-items/?category_id=${created.category.id}`);
    expect(items.results[0]!.prices).toEqual([{ size_id: whole!.id, price: 24 }]);
  });
});
