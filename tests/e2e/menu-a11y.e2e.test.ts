/**
 * Issue 12 on the menu screens, in Chromium against the real server: axe at the states only a
 * person's actions reach (refused saves, a search with no results, the delete dialog), and the
 * category editor worked with the keyboard alone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { keptPage, screenshot } from './harness';
import { apiAs, openAs, withOwnerApp } from './menu-session';

const run = withOwnerApp('a11y-owner@example.com');
// Each test opens its screen by a fresh load as the same owner: one page (one browser context) for all.
const ownerPage = keptPage();
let pizzaId: number;
// axe looks at each state at two widths; three states in one test need more than the usual minute.
const AXE_STATES_LIMIT = 150_000;

beforeAll(async () => {
  await apiAs(run.app, run.owner, 'POST', '/toppings/', { name: 'Olives' });
  const pizza = await apiAs<{ category: { id: number } }>(run.app, run.owner, 'POST', '/categories/deep/', {
    name: 'Pizza',
    detail: { priced_by: 'size' },
    sizes: [
      { name: 'Small', position: 1 },
      { name: 'Large', position: 2 },
    ],
    extra_groups: [{ name: 'Sauces', allow_multiple: true, selections: [{ name: 'BBQ', price: 0.5 }] }],
  });
  pizzaId = pizza.category.id;
});

/** What a screen reader would call the focused element: its aria-label, its label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return '';
    const label = focused.getAttribute('aria-label') ?? (focused as HTMLInputElement).labels?.[0]?.textContent ?? focused.textContent ?? '';
    // A required field's label ends with Mantine's asterisk.
    return label.replace(/\s*\*$/, '').trim();
  });
}

/** Presses Tab (or Shift+Tab) until the element named `name` has the focus. */
async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const passed: string[] = [];
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press(key);
    const now = await focusedName(page);
    if (now === name) return;
    passed.push(now);
  }
  throw new Error(`${key} never reached "${name}"; it passed: ${passed.join(' | ')}`);
}

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? '');
const sizeNames = (page: Page) => page.getByLabel(/^Size \d+ name$/).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

describe('menu states a person reaches, checked by axe', () => {
  it(
    'toppings: a refused save, a search with no results, the delete dialog',
    async () => {
      const page = await ownerPage(run.browser);
      await openAs(page, run.app, run.owner, '/backoffice/menu/toppings');
      await page.getByRole('article', { name: 'Olives' }).waitFor();

      await page.getByRole('button', { name: 'Add topping' }).click();
      const name = page.getByRole('textbox', { name: 'Topping name' });
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('alert').textContent()).toContain('Check Topping name.');
      expect(await focusedName(page)).toBe('Topping name');
      await expectAccessible(page, 'toppings, blank name refused');

      await page.getByRole('searchbox', { name: 'Search toppings' }).fill('zzz');
      await page.getByText('No toppings.').waitFor();
      await expectAccessible(page, 'toppings, search with no results');

      await page.getByRole('searchbox', { name: 'Search toppings' }).fill('');
      await page.getByRole('button', { name: 'Delete Olives' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Olives?' });
      await dialog.waitFor();
      await expect.poll(() => focusedName(page)).toBe('Cancel');
      await screenshot(page, 'menu-delete-dialog-1280');
      await expectAccessible(page, 'delete dialog open');
    },
    AXE_STATES_LIMIT,
  );

  it('the category editor: a blank name refused on Save and a blank size name refused in its row', async () => {
    const page = await ownerPage(run.browser);
    await openAs(page, run.app, run.owner, `/backoffice/menu/categories/${pizzaId}/editor`);
    await page.getByRole('heading', { level: 1, name: 'Categories › Pizza' }).waitFor();
    expect(await page.title()).toBe('Categories › Pizza · Back office · Tablefront');

    const small = page.getByLabel('Size 1 name');
    await small.fill('');
    await small.blur();
    expect(await small.getAttribute('aria-invalid')).toBe('true');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => focusedName(page)).toBe('Name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').textContent()).toContain('Check Name.');
    await screenshot(page, 'menu-category-refused-1280');
    await expectAccessible(page, 'category editor, name and size name refused');
  });

  it('a new primary option refused', async () => {
    const page = await ownerPage(run.browser);
    await openAs(page, run.app, run.owner, '/backoffice/menu/primary-options');
    await page.getByRole('button', { name: 'Add primary option' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => focusedName(page)).toBe('Set name');
    expect(await page.getByRole('alert').textContent()).toContain('Check Set name and Selections.');
    await expectAccessible(page, 'primary option editor, refused');
  });
});

describe('the category editor with the keyboard alone', () => {
  it('opens New category and a category by Tab and Enter, renames it, adds a size, saves, and asks before deleting', async () => {
    const page = await ownerPage(run.browser);
    await openAs(page, run.app, run.owner, '/backoffice/menu/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByRole('row', { name: /Pizza/ }).waitFor();

    // New category, and back.
    await tabTo(page, 'Add category');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/menu\/categories\/new$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add new category');
    expect(await page.title()).toBe('Add new category · Back office · Tablefront');
    await tabTo(page, '← Categories', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/menu\/categories$/);
    await page.getByRole('row', { name: /Pizza/ }).waitFor();

    // The editor: the focus starts on its heading.
    await tabTo(page, 'Edit Pizza');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/menu/categories/${pizzaId}/editor$`));
    // While the category loads the heading reads "Categories"; once it is in, the focus is on its name.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Categories › Pizza');
    expect(await focusedTag(page)).toBe('h1');

    await tabTo(page, 'Name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Pizza Napoletana');
    await tabTo(page, 'Add size');
    await page.keyboard.press('Enter');
    await expect.poll(() => sizeNames(page)).toEqual(['Small', 'Large', 'New']);
    await expect.poll(() => page.getByText('Saving…').count(), { timeout: 15_000 }).toBe(0);
    // Save sits with the heading, above the form.
    await tabTo(page, 'Save', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/menu\/categories$/);
    await page.getByRole('row', { name: /Pizza Napoletana/ }).waitFor();

    // The delete dialog: Cancel first, Escape closes, the focus comes back to Delete.
    await tabTo(page, 'Delete Pizza Napoletana');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Delete Pizza Napoletana?' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('Delete Pizza Napoletana');
    expect(await page.getByRole('row', { name: /Pizza Napoletana/ }).count()).toBe(1);

    // What was saved: the new name and the added size.
    await page.goto(`${run.app.url}/backoffice/menu/categories/${pizzaId}/editor`);
    await page.getByRole('heading', { level: 1, name: 'Categories › Pizza Napoletana' }).waitFor();
    expect(await sizeNames(page)).toEqual(['Small', 'Large', 'New']);
  });
});
