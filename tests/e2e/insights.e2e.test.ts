/**
 * Issue 15 in Chromium against the real server: two restaurants' menus built through the API;
 * each insight screen opened by an owner (their restaurant's figures) and by an administrator
 * (the platform's), figures checked against what was created, the analytics CSV downloaded and
 * read. Screenshots at 1280 and 375 px come before each accessibility audit.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { superadminSession, withoutRestaurant, type AdminSession } from './backoffice-server';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

const run = withApp({ rateLimitPerMinute: 100_000 });
let pizzaOwner: OwnerSession;
let admin: AdminSession;

async function menuOf(owner: OwnerSession, categories: Record<string, string[]>) {
  for (const [name, items] of Object.entries(categories)) {
    const created = await apiAs<{ category: { id: number } }>(run.app, owner, 'POST', '/categories/deep/', { name, detail: { priced_by: 'none' } });
    for (const item of items) await apiAs(run.app, owner, 'POST', '/menu-items/', { category_id: created.category.id, name: item, price: 9 });
  }
}

beforeAll(async () => {
  pizzaOwner = await ownerSession(run.app, 'pizza@example.com');
  await menuOf(pizzaOwner, { Pizzas: ['Margherita', 'Diavola'], Salads: ['Caesar'] });
  const tacoOwner = await ownerSession(run.app, 'taco@example.com');
  await menuOf(tacoOwner, { Tacos: ['Al pastor'] });
  // An administrator as `npm run create-admin` makes one, with no restaurant of their own.
  admin = await superadminSession(run.app, 'boss@example.com');
  await withoutRestaurant(run.app, admin);
});

/** The figure under a KPI card's label. */
const kpi = (page: Page, label: string) => page.getByText(label, { exact: true }).first().locator('xpath=following-sibling::p[1]');

async function lookAt(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    // Nothing wider than the screen once the charts have followed the new width (they resize on the next frames).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `insights-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, name);
}

describe('the insight screens', () => {
  it("shows an owner their restaurant's menu on the dashboard", async () => {
    const page = await newPage(run.browser);
    await openAs(page, run.app, pizzaOwner, '/backoffice/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Menu dashboard' }).waitFor();
    await expect.poll(() => kpi(page, 'Menu Items').textContent()).toBe('3');
    expect(await kpi(page, 'Categories').textContent()).toBe('2');
    expect(await kpi(page, 'Restaurants').textContent()).toBe('1');
    const rows = await page.getByRole('table', { name: 'Top categories' }).locator('tbody tr').allTextContents();
    expect(rows).toEqual(['Pizzas2', 'Salads1']);
    await page.getByText('Backend reachable').waitFor();
    await lookAt(page, 'owner-dashboard');
  });

  it("shows an administrator the platform's figures on every screen, and downloads the analytics CSV", async () => {
    const page = await newPage(run.browser);
    await openAs(page, run.app, admin, '/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Menu dashboard' }).waitFor();
    await expect.poll(() => kpi(page, 'Menu Items').textContent()).toBe('4');
    expect(await kpi(page, 'Restaurants').textContent()).toBe('2');
    expect(await kpi(page, 'Categories').textContent()).toBe('3');
    await lookAt(page, 'admin-dashboard');

    await page.goto(`${run.app.url}/admin/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await expect.poll(() => kpi(page, 'Menu Items').textContent()).toBe('4');
    // The segmented control draws its own button over each (visually hidden) radio: a person clicks the label.
    await page.locator('label', { hasText: /^7$/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: '7' }).isChecked()).toBe(true);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('analytics_7d.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('date,orders,revenue');
    expect(lines).toHaveLength(8);
    await lookAt(page, 'admin-analytics');

    await page.goto(`${run.app.url}/admin/drivers`);
    await expect.poll(() => kpi(page, 'Active Restaurants').textContent()).toBe('2');
    expect(await kpi(page, 'Menu Items').textContent()).toBe('4');
    await lookAt(page, 'admin-drivers');

    await page.goto(`${run.app.url}/admin/customers`);
    await expect.poll(() => kpi(page, 'Total Restaurants').textContent()).toBe('2');
    expect(await kpi(page, 'Categories').textContent()).toBe('3');
    await lookAt(page, 'admin-customers');
  });

  it('shows an owner their own counts on Analytics, Drivers and Customers', async () => {
    const page = await newPage(run.browser);
    await openAs(page, run.app, pizzaOwner, '/backoffice/analytics');
    await expect.poll(() => kpi(page, 'Menu Items').textContent()).toBe('3');
    await lookAt(page, 'owner-analytics');
    await page.goto(`${run.app.url}/backoffice/customers`);
    await expect.poll(() => kpi(page, 'Categories').textContent()).toBe('2');
    await page.goto(`${run.app.url}/backoffice/drivers`);
    await expect.poll(() => kpi(page, 'Active Restaurants').textContent()).toBe('1');
  });
});
