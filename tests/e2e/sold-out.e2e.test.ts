/**
 * Issue 45, item 3, in Chromium against the real server: a customer on a phone (375 px) has a
 * Margherita in the cart; the owner, on the board at 1280 px, marks it sold out until close from
 * the "Sold out" dialog; the store shows it sold out, the cart flags the line and checkout is not
 * offered until it is removed. Then, on a phone, the owner marks a dish sold out until a date and
 * time from the menu's category editor. Both owners' devices are in another zone than the
 * restaurant (Chicago): what they set and read is on the restaurant's clock. Axe on each screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTimeOrDayTime, wallDateTime } from '#contracts/shared/clock-format';
import { addDays, wallInstant } from '#contracts/shared/opening-status';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';
import { addToOrder, button } from './store-customer';

const run = withApp({ rateLimitPerMinute: 100_000, orderLimitPerMinute: 1_000 });
const SLUG = 'sold-out-diner';
const CHICAGO = { zone: 'America/Chicago', country: 'United States' };
let owner: OwnerSession;

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('sold-out-owner'));
  await seedStore(ownerCallTo(run.app.url, owner.access), owner.restaurantId, { slug: SLUG, name: 'Sold Out Diner', categories: 1, itemsPerCategory: 2 });
}, 30_000);

describe('sold out until close (issue 45)', { timeout: 120_000 }, () => {
  it('the owner 86es a dish from the board; the customer’s cart flags it and checks out only once it is removed', async () => {
    const customer = await newPage(run.browser, { width: 375, height: 800 });
    await customer.goto(`${run.app.url}/${SLUG}`);
    await addToOrder(customer, 'Margherita', ['Large', 'Thin'], 1);

    // Tokyo: 14 or 15 hours ahead of the restaurant, so its "tomorrow" is another instant.
    const board = await newPage(run.browser, { width: 1280, height: 900, timezoneId: 'Asia/Tokyo' });
    await openAs(board, run.app, owner, '/backoffice/orders');
    await button(board, 'Sold out').click();
    const dialog = board.getByRole('dialog', { name: 'Sold out' });
    await dialog.getByRole('searchbox', { name: 'Find a dish' }).fill('Marg');
    await dialog.getByRole('button', { name: 'Mark sold out: Margherita' }).click();
    await board.getByRole('menuitem', { name: 'Until close' }).click();
    // Open around the clock, "close" is the restaurant's next midnight: "until tomorrow" on its clock.
    await dialog.getByText('Sold out until tomorrow', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Back on sale: Margherita' }).waitFor();
    await screenshot(board, 'sold-out-board-1280');
    await expectAccessible(board, 'the board’s sold-out dialog', [1280]);

    await customer.reload();
    const card = customer.locator('li.item', { has: customer.getByRole('heading', { name: 'Margherita' }) });
    await expect.poll(() => card.textContent()).toMatch(/Sold out until tomorrow/);
    await customer.getByRole('button', { name: /^Your order · / }).click();
    const cart = customer.getByRole('dialog', { name: 'Your order' });
    await cart.getByText('Sold out: remove it to place your order.').waitFor();
    expect(await cart.getByRole('button', { name: 'Check out' }).count()).toBe(0);
    await screenshot(customer, 'sold-out-cart-375');
    await expectAccessible(customer, 'the store’s cart with a sold-out line', [375]);
    await cart.getByRole('button', { name: 'Remove Margherita (Large)' }).click();
    await cart.getByText('Your order is empty.').waitFor();
  });

  it('on a phone in London, the owner marks a dish sold out until 9:00 PM tomorrow, Chicago time, from the category editor', async () => {
    const categories = await apiAs<{ results: Array<{ id: number; name: string }> }>(run.app, owner, 'GET', '/categories/?page_size=50');
    const pizza = categories.results.find((category) => category.name === 'Pizza')!;
    const page = await newPage(run.browser, { width: 375, height: 800, timezoneId: 'Europe/London' });
    await openAs(page, run.app, owner, `/backoffice/menu/categories/${pizza.id}/editor`);
    await page.getByRole('button', { name: 'Mark sold out: Dish 1.2' }).click();
    await page.getByRole('menuitem', { name: 'Until a date and time…' }).click();
    const field = page.getByLabel('Sold out until (Dish 1.2)');
    await page.getByText('The restaurant’s local time (America/Chicago)').waitFor();
    const today = wallDateTime(new Date(), CHICAGO.zone).date;
    const tomorrow = addDays(today, 1);
    await field.fill(`${tomorrow}T21:00`);
    await page.getByRole('button', { name: 'Save sold out until: Dish 1.2' }).click();

    const expected = new Date(wallInstant(CHICAGO.zone, tomorrow, '21:00'));
    await page.getByText(`Sold out until ${formatTimeOrDayTime(expected, CHICAGO, today)}`, { exact: true }).waitFor();
    const items = await apiAs<{ results: Array<{ name: string; sold_out_until?: string | null }> }>(
      run.app,
      owner,
      'GET',
      `/menu-items/?category_id=${pizza.id}`,
    );
    expect(items.results.find((item) => item.name === 'Dish 1.2')?.sold_out_until).toBe(expected.toISOString());
    await screenshot(page, 'sold-out-menu-375');
    await expectAccessible(page, 'the category editor with a dish sold out', [375]);
    await page.getByRole('button', { name: 'Back on sale: Dish 1.2' }).click();
    await page.getByRole('button', { name: 'Mark sold out: Dish 1.2' }).waitFor();
  });
});
