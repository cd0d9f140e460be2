/**
 * Issue 40, items 3 and 4, in Chromium against the real server: an order placed on the store
 * while the owner is on another back-office page appears as a count beside "Orders" in the
 * sidebar (1280 px), and every past order is found again in the order history by name or number
 * and opened in full, on a desktop and on a phone (375 px). axe runs on the history and its detail.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderBody } from '#contracts/ordering';
import type { Storefront } from '#contracts/storefront';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { openAs, ownerSession, type OwnerSession } from './menu-session';

const run = withApp({ rateLimitPerMinute: 100_000, orderLimitPerMinute: 1_000 });
const SLUG = 'history-diner';
let owner: OwnerSession;
let order: PlaceOrderBody;

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('history-owner'));
  // Open 24/7 in Chicago (tests/fixtures/storefront/seed-store.ts).
  await seedStore(ownerCallTo(run.app.url, owner.access), owner.restaurantId, { slug: SLUG, name: 'History Diner', categories: 1, itemsPerCategory: 1 });
  const store: Storefront = await (await fetch(`${run.app.url}/api/v2/storefront/${SLUG}/`)).json();
  const pizza = store.categories[0]!;
  const line = { item_id: pizza.items[0]!.id, size_id: pizza.sizes[1]!.id, quantity: 2, extra_selection_ids: [pizza.extra_groups[0]!.selections[0]!.id] };
  order = { fulfilment: 'pickup', lines: [line], customer: { name: 'Ada Lovelace', phone: '(312) 555-0199', email: 'ada@example.com' }, scheduled_for: null };
}, 30_000);

let keys = 0;
/** A customer's order through the store's public call, as the store page sends it. */
async function place(customer: PlaceOrderBody['customer']): Promise<void> {
  const answer = await fetch(`${run.app.url}/api/v2/storefront/${SLUG}/orders/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `history-${(keys += 1)}` },
    body: JSON.stringify({ ...order, customer }),
  });
  expect(answer.status).toBe(201);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

describe('the restaurant hears of new orders and finds past ones', { timeout: 120_000 }, () => {
  it('desktop: the count appears beside Orders on another page; the history finds an order by name and opens it', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, owner, '/backoffice/store');
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Orders', exact: true }).waitFor();
    await place({ name: 'Ada Lovelace', phone: '(312) 555-0199', email: 'ada@example.com' });
    // The sidebar asks every 15 s: the count comes without a reload.
    await sidebar(page).getByRole('link', { name: 'Orders, 1 new' }).waitFor({ timeout: 25_000 });
    await page.getByRole('switch', { name: 'Mail me every new order' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'orders-alerts-store-1280');

    await place({ name: 'Grace Hopper', phone: '+1 312 555 0142', email: 'grace@example.com' });
    await sidebar(page)
      .getByRole('link', { name: /^Orders/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await screenshot(page, 'orders-alerts-board-1280');
    await page.getByRole('link', { name: 'Order history: every past order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
    await page.getByRole('searchbox', { name: /Search/ }).fill('grace');
    await page.waitForURL(/search=grace/);
    const rows = page.getByRole('list', { name: 'Orders' }).getByRole('button');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    const detail = page.getByRole('dialog', { name: 'Order #2' });
    await detail.getByRole('link', { name: '+1 312 555 0142' }).waitFor();
    await expect(detail.getByRole('list', { name: 'What was ordered' }).textContent()).resolves.toContain('2 × Margherita (Large)');
    await screenshot(page, 'orders-history-detail-1280');
    await expectAccessible(page, 'order history, an order open', [1280]);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('phone: the history opened from a shared address searches by number and shows the order whole; the menu shows the count', async () => {
    const page = await newPage(run.browser, { width: 375, height: 800 });
    await openAs(page, run.app, owner, '/backoffice/orders/history?search=%231');
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
    const row = page.getByRole('button', { name: /^#1 Ada Lovelace/ });
    await row.waitFor();
    await screenshot(page, 'orders-history-375');
    await expectAccessible(page, 'order history', [375, 320]);
    await row.click();
    const detail = page.getByRole('dialog', { name: 'Order #1' });
    await detail.getByRole('region', { name: 'Timeline' }).waitFor();
    await screenshot(page, 'orders-history-detail-375');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    // The two orders still wait: the sidebar, behind the menu button on a phone, says so.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await sidebar(page).getByRole('link', { name: 'Orders, 2 new' }).waitFor();
    await screenshot(page, 'orders-alerts-sidebar-375');
    await page.close();
  });
});
