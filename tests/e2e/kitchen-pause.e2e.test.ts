/**
 * Issue 45's busy mode in Chromium against the real server: the owner pauses new orders for 30
 * minutes from the board at 1280 px (by keyboard), sees the banner with "Reopen now"; a customer on
 * a 375 px phone reads "Not taking orders until …" on the store page and at the top of the checkout,
 * is offered no "As soon as possible" and still books a later time; the owner reopens and the
 * store says nothing more. Axe on the board with the banner and on the paused store page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusyState } from '#contracts/ordering/kitchen-pause';
import { formatTime } from '#contracts/shared/clock-format';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';
import { addToOrder, button } from './store-customer';

const run = withApp({ rateLimitPerMinute: 100_000, orderLimitPerMinute: 1_000 });
const SLUG = 'pause-diner';
let owner: OwnerSession;

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('kitchen-pause-owner'));
  await seedStore(ownerCallTo(run.app.url, owner.access), owner.restaurantId, { slug: SLUG, name: 'Pause Diner', categories: 1, itemsPerCategory: 2 });
}, 30_000);

describe('busy mode: the owner pauses, a customer on a phone sees it and books later (issue 45)', { timeout: 120_000 }, () => {
  it('pauses for 30 minutes from the board, the store and checkout say until when, ASAP is gone and a later time is taken; reopening ends it', async () => {
    const board = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(board, run.app, owner, '/backoffice/orders');
    const pause = button(board, 'Pause new orders');
    await pause.waitFor();
    await pause.focus();
    await board.keyboard.press('Enter');
    const thirty = board.getByRole('menuitem', { name: '30 minutes' });
    await thirty.waitFor();
    await thirty.focus();
    await board.keyboard.press('Enter');

    await board
      .getByRole('alert')
      .getByText(/^Not taking new orders until /)
      .waitFor();
    const pace = await apiAs<BusyState>(run.app, owner, 'GET', '/orders/pace/');
    expect(pace.paused).toBe(true);
    const until = formatTime(pace.paused_until!, { zone: pace.time_zone, country: pace.country });
    expect(until).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    await board.getByRole('alert').getByText(`Not taking new orders until ${until}`).waitFor();
    const reopen = button(board, 'Reopen now');
    await reopen.waitFor();
    // Busy too: 20 minutes more on every prep time, the button pressed and the line saying until when.
    await button(board, 'Add 20 minutes to prep').click();
    // A paragraph on the screen (the live region repeats it for screen readers).
    await board
      .locator('p')
      .getByText(/^Prep times \+20 minutes until \d{1,2}:\d{2} (AM|PM)$/)
      .waitFor();
    expect(await button(board, 'Add 20 minutes to prep').getAttribute('aria-pressed')).toBe('true');
    await screenshot(board, 'kitchen-pause-board-1280');
    await expectAccessible(board, 'order board with the pause banner', [1280, 375]);
    await board.setViewportSize({ width: 375, height: 900 });
    await screenshot(board, 'kitchen-pause-board-375');
    await board.setViewportSize({ width: 1280, height: 900 });
    await button(board, 'Back to normal prep times').click();
    await board
      .locator('p')
      .getByText(/^Prep times \+/)
      .waitFor({ state: 'hidden' });

    const customer = await newPage(run.browser, { width: 375, height: 800 });
    await customer.goto(`${run.app.url}/${SLUG}`);
    await customer.locator('.hero .status').getByText(`Not taking orders until ${until}`, { exact: true }).waitFor();
    await screenshot(customer, 'kitchen-pause-store-375');
    await expectAccessible(customer, 'store page while paused', [375, 1280]);

    await addToOrder(customer, 'Margherita', ['Large', 'Thin'], 1);
    await customer.getByRole('button', { name: /^Your order · / }).click();
    await button(customer, 'Check out').click();
    const checkout = customer.getByRole('dialog', { name: 'How would you like your order?' });
    await checkout.waitFor();
    await checkout.getByText(`Not taking orders until ${until}`, { exact: true }).waitFor();
    await checkout.getByRole('radio', { name: /^Pickup/ }).check();
    await button(customer, 'Continue').click();
    await customer.getByRole('heading', { name: 'When?' }).waitFor();
    await customer.getByText(`We are not taking orders until ${until}. You can choose a later time.`, { exact: true }).waitFor();
    const when = customer.getByLabel('When will you pick it up?');
    const options = (await when.locator('option').allTextContents()).slice(1);
    expect(options).not.toContain('As soon as possible');
    expect(options.length).toBeGreaterThan(0);
    await when.selectOption({ index: options.length });
    await screenshot(customer, 'kitchen-pause-checkout-time-375');
    await button(customer, 'Continue').click();
    await customer.getByRole('heading', { name: 'Your details' }).waitFor();

    await reopen.click();
    await board.getByText('Not taking new orders', { exact: false }).waitFor({ state: 'hidden' });
    expect((await apiAs<BusyState>(run.app, owner, 'GET', '/orders/pace/')).paused).toBe(false);
    const again = await newPage(run.browser, { width: 375, height: 800 });
    await again.goto(`${run.app.url}/${SLUG}`);
    await again.locator('.hero .status').waitFor();
    expect(await again.locator('.hero .status').textContent()).not.toContain('Not taking orders');
  });
});
