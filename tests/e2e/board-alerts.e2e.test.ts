/**
 * Issue 45, item 4, in Chromium against the real server: a new order sounds on the board again
 * and again until the kitchen acknowledges it, the tab's title counts the new orders, and the
 * Notifications screen lists the order as unread, leads to it and marks everything read. The tone
 * is Web Audio (src/views/ordering/order-tone.ts): each play makes two oscillators, counted by a
 * page-level wrapper of `AudioContext.prototype.createOscillator`. The repeat is the board's
 * 10-second delay (the app has no test hook to shorten it): the second play is awaited with a
 * generous limit, never timed. axe runs on both screens at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderBody, PlacedOrder } from '#contracts/ordering';
import type { Storefront } from '#contracts/storefront';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { openAs, ownerSession, type OwnerSession } from './menu-session';

const run = withApp({ rateLimitPerMinute: 100_000, orderLimitPerMinute: 1_000 });
const SLUG = 'alert-diner';
let owner: OwnerSession;
let order: PlaceOrderBody;

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('alerts-owner'));
  await seedStore(ownerCallTo(run.app.url, owner.access), owner.restaurantId, { slug: SLUG, name: 'Alert Diner', categories: 1, itemsPerCategory: 1 });
  const store: Storefront = await (await fetch(`${run.app.url}/api/v2/storefront/${SLUG}/`)).json();
  const pizza = store.categories[0]!;
  const line = { item_id: pizza.items[0]!.id, size_id: pizza.sizes[1]!.id, quantity: 2, extra_selection_ids: [pizza.extra_groups[0]!.selections[0]!.id] };
  order = { fulfilment: 'pickup', lines: [line], customer: { name: 'Ada Lovelace', phone: '(312) 555-0199', email: 'ada@example.com' }, scheduled_for: null };
}, 30_000);

/** A customer's order through the store's public call, as the store page sends it. */
async function place(): Promise<PlacedOrder> {
  const answer = await fetch(`${run.app.url}/api/v2/storefront/${SLUG}/orders/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `alert-${Date.now()}` },
    body: JSON.stringify(order),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as PlacedOrder;
}

/** Counts the board's tones: each play makes two oscillators. */
async function countTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { __oscillators: number };
    counted.__oscillators = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      counted.__oscillators += 1;
      return original.call(this);
    };
  });
}
const tones = async (page: Page) => Math.floor((await page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators)) / 2);

describe('alerts nobody misses', { timeout: 120_000 }, () => {
  it('a new order sounds until acknowledged, the title counts it, and the Notifications screen lists it and marks it read', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await countTones(page);
    await openAs(page, run.app, owner, '/backoffice/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('Live: new orders appear here as they arrive.').waitFor({ timeout: 20_000 });
    // The first use of the page lets the browser play sound (the blocked note says so until then).
    await page.getByRole('heading', { level: 1, name: 'Orders' }).click();

    const placed = await place();
    await page.getByRole('article', { name: new RegExp(`^#${placed.number} `) }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Acknowledge' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(1\) Orders · Back office/);
    expect(await tones(page)).toBeGreaterThanOrEqual(1);
    // Again after the board's repeat, with the order still waiting.
    await expect.poll(() => tones(page), { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'board-alerts-ringing-1280');
    await expectAccessible(page, 'order board, a new order ringing', [1280, 375]);

    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByRole('button', { name: 'Acknowledge' }).waitFor({ state: 'detached' });
    // Acknowledged is not accepted: the order is still new, and the title still counts it.
    expect(await page.title()).toMatch(/^\(1\) Orders/);

    // The sidebar counts the unread beside Notifications on every page, in the link's name too.
    const sidebar = page.getByRole('navigation', { name: 'Back office' });
    await sidebar.getByRole('link', { name: 'Notifications, 1 unread', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const feed = page.getByRole('list', { name: 'Notifications' });
    const words = `New order #${placed.number} · $${placed.total.toFixed(2)}`;
    await feed.getByRole('link', { name: `Unread: ${words}` }).waitFor();
    await page.getByText('Configure push, email, and SMS notifications.').waitFor();
    await screenshot(page, 'notifications-unread-1280');
    await expectAccessible(page, 'notifications, one unread', [1280, 375]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'notifications-unread-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('status').filter({ hasText: 'All read' }).waitFor();
    await feed.getByRole('link', { name: words, exact: true }).waitFor();
    await sidebar.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await screenshot(page, 'notifications-read-1280');

    await feed.getByRole('link', { name: words, exact: true }).click();
    await page.waitForURL(new RegExp(`/backoffice/orders/history\\?.*search=${placed.number}`));
    await page.getByRole('heading', { level: 1, name: 'Order history' }).waitFor();
    await page.close();
  });
});
