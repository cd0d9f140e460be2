/**
 * Issue 6's browser run: an owner builds a 'Pizza' category priced by size with three sizes,
 * a primary option set, toppings, dressings, an extra group with priced selections and two
 * menu items, all through the screens; reloads; and finds all of it as it was.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { newPage, screenshot } from './harness';
import { openAs, withOwnerApp } from './menu-session';

// Many page loads a minute from one address: the per-address limit is not what this tests.
const running = withOwnerApp('pizza-owner@example.com');

const SIZES = [
  ['Small', '10'],
  ['Medium', '12'],
  ['Large', '14'],
] as const;

/** Waits until no row, chip or selection says it is still saving. */
async function settled(page: Page) {
  await expect.poll(() => page.getByText('Saving…').count(), { timeout: 15_000 }).toBe(0);
}

describe('an owner builds a menu', () => {
  it('builds Pizza through the screens, reloads, and finds every part of it', async () => {
    const page = await newPage(running.browser);

    // The library: toppings, a dressing, a primary option set.
    await openAs(page, running.app, running.owner, '/backoffice/menu/toppings');
    for (const name of ['Olives', 'Basil']) {
      await page.getByLabel('Topping name').fill(name);
      await page.getByRole('button', { name: 'Add topping' }).click();
      await page.getByRole('article', { name }).waitFor();
    }
    await page.goto(`${running.app.url}/backoffice/menu/dressings`);
    await page.getByLabel('Dressing name').fill('Ranch');
    await page.getByRole('button', { name: 'Add dressing' }).click();
    await page.getByRole('list', { name: 'Dressings' }).getByText('Ranch').waitFor();
    await page.goto(`${running.app.url}/backoffice/menu/primary-options`);
    await page.getByRole('button', { name: 'Add primary option' }).click();
    await page.getByLabel('Set name').fill('Crust');
    for (const [index, name] of ['Thin', 'Thick'].entries()) {
      await page.getByRole('button', { name: 'Add selection' }).click();
      await page.getByLabel(`Selection ${index + 1}`).fill(name);
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article', { name: 'Crust' }).waitFor();

    // New mode: everything local until Save, then one deep create.
    await page.goto(`${running.app.url}/backoffice/menu/categories/new`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pizza');
    await page.getByRole('textbox', { name: 'Description' }).fill('Stone baked, 48-hour dough');
    await page.getByRole('button', { name: 'Select all' }).click();
    // Mantine hides the real inputs of segmented controls, switches and chips: click their labels.
    await page.getByText('Size', { exact: true }).click();
    for (const [index, [name, units]] of SIZES.entries()) {
      await page.getByRole('button', { name: 'Add size' }).click();
      await page.getByLabel(`Size ${index + 1} name`).fill(name);
      await page.getByLabel(`Size ${index + 1} units`).fill(units);
    }
    for (const label of ['Assign toppings', 'Olives', 'Basil', 'Assign dressings', 'Ranch']) {
      await page.getByText(label, { exact: true }).click({ force: true });
    }
    for (const chip of ['Olives', 'Basil', 'Ranch']) expect(await page.getByRole('checkbox', { name: chip }).isChecked()).toBe(true);
    await page.getByText('Save the category first, then you can add extra option groups.').waitFor();
    await expectAccessible(page, 'new category, filled in before Save');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/backoffice\/menu\/categories\/\d+\/editor$/);
    await page.getByRole('heading', { level: 1, name: 'Categories › Pizza' }).waitFor();

    // Edit mode: each change is saved as it happens.
    await page.getByRole('button', { name: 'Add group' }).click();
    const groupName = page.getByLabel('Group name');
    await groupName.fill('Extra cheese');
    await groupName.blur();
    const cheeses = page.getByRole('region', { name: 'Group Extra cheese' });
    for (const [index, [name, price]] of (
      [
        ['Mozzarella', '1.50'],
        ['Parmesan', '2.25'],
      ] as const
    ).entries()) {
      await cheeses.getByRole('button', { name: 'Add selection' }).click();
      await cheeses.getByLabel('Selection', { exact: true }).nth(index).fill(name);
      await cheeses.getByLabel('Price', { exact: true }).nth(index).fill(price);
      await cheeses.getByLabel('Price', { exact: true }).nth(index).blur();
    }
    await settled(page);

    for (const [name, prices] of [
      ['Margherita', ['9', '11', '13.50']],
      ['Pepperoni', ['10', '12', '14.50']],
    ] as const) {
      await page.getByRole('button', { name: 'Add menu item' }).click();
      await page.getByLabel('Item name').fill(name);
      for (const [index, [size]] of SIZES.entries()) await page.getByLabel(`Price ${size}`).fill(prices[index]!);
      await page.getByRole('button', { name: 'Save item' }).click();
      await page.getByRole('article', { name }).waitFor();
    }
    await screenshot(page, 'menu-pizza-built');

    // Reload: everything comes back from the server as it was left.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Categories › Pizza' }).waitFor();
    await page.getByRole('article', { name: 'Pepperoni' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Stone baked, 48-hour dough');
    for (const [index, [name, units]] of SIZES.entries()) {
      expect(await page.getByLabel(`Size ${index + 1} name`).inputValue()).toBe(name);
      expect(await page.getByLabel(`Size ${index + 1} units`).inputValue()).toBe(units);
    }
    expect(await page.getByText('Crust', { exact: true }).count()).toBeGreaterThan(0);
    for (const chip of ['Olives', 'Basil', 'Ranch']) expect(await page.getByRole('checkbox', { name: chip }).isChecked()).toBe(true);
    const reloaded = page.getByRole('region', { name: 'Group Extra cheese' });
    expect(await reloaded.getByLabel('Selection', { exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      'Mozzarella',
      'Parmesan',
    ]);
    expect(await reloaded.getByLabel('Price', { exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      '1.50',
      '2.25',
    ]);
    await expect.poll(() => page.getByRole('article', { name: 'Margherita' }).textContent()).toContain('Small $9.00 · Medium $11.00 · Large $13.50');
    await screenshot(page, 'menu-pizza-reloaded');

    // The list agrees.
    await page.goto(`${running.app.url}/backoffice/menu/categories`);
    const row = page.getByRole('row', { name: /Pizza/ });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(1, 5)).toEqual(['Crust', 'Size', 'Yes', 'Yes']);
    // The whole build plus axe at two widths: more than the usual minute on a busy machine.
  }, 120_000);
});
