/**
 * Every menu screen in Chromium at desktop and at the narrowest phone width (320 px), with a
 * little data, saved under .e2e-artifacts/ for a person to look at; each screen must render its
 * heading with no page errors, pass axe (WCAG 2.2 A/AA, checked once per state at 1280 and
 * 375 px) and, at 320 px, fit the screen: only a region of its own may scroll sideways.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { keptPage, newPage, screenshot } from './harness';
import { expectReflow } from './reflow';
import { apiAs, openAs, ownerSession, showAs, withOwnerApp } from './menu-session';

// Many page loads a minute from one address: withOwnerApp lifts the per-address limit.
const run = withOwnerApp('screens-owner@example.com');
// Every test but the empty list's shows a screen as the same owner and changes nothing: one page
// (one browser context) for them all, resized to each test's width, the app loaded once and each
// next screen reached through its router (showAs).
const ownerPage = keptPage();
let categoryId: number;

beforeAll(async () => {
  const olives = await apiAs<{ id: number }>(run.app, run.owner, 'POST', '/toppings/', { name: 'Olives' });
  await apiAs(run.app, run.owner, 'POST', '/toppings/', { name: 'Basil' });
  const ranch = await apiAs<{ id: number }>(run.app, run.owner, 'POST', '/dressings/', { name: 'Ranch' });
  const crust = await apiAs<{ id: number }>(run.app, run.owner, 'POST', '/primary-options/', {
    name: 'Crust',
    selections: [{ name: 'Thin' }, { name: 'Thick' }, { name: 'Stuffed' }, { name: 'Gluten free' }, { name: 'Pan' }],
  });
  const deep = await apiAs<{ category: { id: number } }>(run.app, run.owner, 'POST', '/categories/deep/', {
    name: 'Pizza',
    description: 'Stone baked',
    detail: { priced_by: 'size', primary_option_sets: [crust.id], allow_toppings: true, allow_dressings: true },
    sizes: [
      { name: 'Small', units: 25, measurement: 'Centimeters', position: 1 },
      { name: 'Large', units: 35, measurement: 'Centimeters', position: 2 },
    ],
    toppings: [olives.id],
    dressings: [ranch.id],
    extra_groups: [{ name: 'Extra cheese', required: false, allow_multiple: true, selections: [{ name: 'Mozzarella', price: 1.5 }] }],
  });
  categoryId = deep.category.id;
  await apiAs(run.app, run.owner, 'POST', '/categories/deep/', { name: 'Salads', detail: { priced_by: 'none' } });
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

const DESKTOP = 1280;

/**
 * The checks for a state: at desktop width axe (which looks at 1280 and 375 px itself); on the
 * phone, that nothing but a scrolling region of its own (a wide table) is wider than the screen.
 */
async function check(page: Page, width: number, screen: string) {
  if (width === DESKTOP) {
    await expectAccessible(page, screen);
    return;
  }
  await expectReflow(page, screen);
}

describe.each([
  [DESKTOP, 800],
  [320, 640],
])('menu screens at %i px', (width, height) => {
  it.each(SCREENS)('%s', async (name, path, heading) => {
    const page = await ownerPage(run.browser, { width, height });
    await showAs(page, run.app, run.owner, path.replace('{id}', String(categoryId)));
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `menu-${name}-${width}`);
    await check(page, width, name);
  });

  it('primary option editor open', async () => {
    const page = await ownerPage(run.browser, { width, height });
    await showAs(page, run.app, run.owner, '/backoffice/menu/primary-options');
    await page.getByRole('button', { name: 'Edit Crust' }).click();
    await page.getByRole('switch', { name: 'Add images to selections' }).check({ force: true });
    await page.getByRole('button', { name: 'Add image for Thin' }).click();
    await screenshot(page, `menu-primary-option-editor-${width}`);
    await check(page, width, 'primary option editor with the image picker open');
  });

  it('extra options with a category picked', async () => {
    const page = await ownerPage(run.browser, { width, height });
    await showAs(page, run.app, run.owner, '/backoffice/menu/extra-options');
    await page.getByPlaceholder('Pick a category').click();
    await page.getByRole('option', { name: 'Pizza' }).click();
    await page.getByRole('button', { name: 'Extra cheese' }).click();
    await page.getByLabel('Selection', { exact: true }).first().waitFor();
    // Let the card's opening animation finish before the picture is taken.
    await page.waitForTimeout(500);
    await screenshot(page, `menu-extra-options-picked-${width}`);
    await check(page, width, 'extra options with a category picked');
  });

  it('categories list, empty', async () => {
    const other = await ownerSession(run.app, `empty-${width}@example.com`);
    // Another owner: a page of their own.
    const page = await newPage(run.browser, { width, height });
    await openAs(page, run.app, other, '/backoffice/menu/categories');
    await page.getByText('Create your first menu category').waitFor();
    await screenshot(page, `menu-categories-empty-${width}`);
    await check(page, width, 'categories list, empty');
  });
});

describe('categories list on phones (issue 27)', () => {
  it('shows each category as a card whose Toppings, Dressings, Edit and Delete are on screen at 375 and 320 px, with no sideways scroll', async () => {
    const page = await ownerPage(run.browser, { width: 375, height: 740 });
    await showAs(page, run.app, run.owner, '/backoffice/menu/categories');
    const cards = page.getByRole('list', { name: 'Categories' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      for (const name of ['Pizza', 'Salads']) {
        const card = cards.filter({ hasText: name });
        const parts = [
          card.locator('dt', { hasText: 'Toppings' }),
          card.locator('dt:text-is("Toppings") + dd'),
          card.locator('dt', { hasText: 'Dressings' }),
          card.locator('dt:text-is("Dressings") + dd'),
          card.getByRole('link', { name: `Edit ${name}` }),
          card.getByRole('button', { name: `Delete ${name}` }),
        ];
        for (const part of parts) {
          const box = await part.boundingBox();
          expect(box, `${name}: ${part.toString()}`).not.toBeNull();
          expect(box!.x, `${name}: ${part.toString()} at ${width} px`).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, `${name}: ${part.toString()} at ${width} px`).toBeLessThanOrEqual(width);
        }
      }
      await check(page, width, `categories list as cards at ${width} px`);
    }
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'menu-categories-cards-375');
    await expectAccessible(page, 'categories list as cards', [375, 320]);
  });
});

describe('size offerings (issue 27)', () => {
  const editor = () => `/backoffice/menu/categories/${categoryId}/editor`;
  // The input itself (the select's option list is named after it too).
  const measurement = (page: Page) => page.locator('input[aria-label="Size 2 measurement"]');

  it('at 375 px a size shows Measurement and Remove on screen, with nothing scrolling sideways', async () => {
    const page = await ownerPage(run.browser, { width: 375, height: 800 });
    await showAs(page, run.app, run.owner, editor());
    for (const control of [measurement(page), page.getByRole('button', { name: 'Remove size Large' })]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box, 'the control is laid out').not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      // No box around it scrolls sideways: an unmarked sideways scroll is what hid them.
      const scrollers = await control.evaluate((element) => {
        const found: string[] = [];
        for (let box = element.parentElement; box; box = box.parentElement) {
          if (box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX))
            found.push(box.getAttribute('aria-label') ?? box.tagName);
        }
        return found;
      });
      expect(scrollers).toEqual([]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('at 1280 px the measurement shows "Centimeters" whole, beside the select\'s clear button and chevron', async () => {
    const page = await ownerPage(run.browser, { width: DESKTOP, height: 800 });
    await showAs(page, run.app, run.owner, editor());
    const input = measurement(page);
    await expect.poll(() => input.inputValue()).toBe('Centimeters');
    // The clear button and the chevron sit over the input's right end, wider than its padding, so
    // neither scrollWidth nor the padding tells: the text must end before the buttons begin.
    const fit = await input.evaluate((element: HTMLInputElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const textStart = element.getBoundingClientRect().left + element.clientLeft + Number.parseFloat(style.paddingLeft);
      const buttons = element.parentElement!.querySelector('[data-position="right"]')!.getBoundingClientRect();
      return { text: context.measureText(element.value).width, room: buttons.left - textStart };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
  });
});
