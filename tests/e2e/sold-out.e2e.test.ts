/**
 * Issue 45, item 3, in Chromium against the real server: a customer on a phone (375 px) has a
 * Margherita in the cart; the owner, on the board at 1280 px, marks it sold out until close from
 * the "Sold out" dialog; the store shows it sold out, the cart flags the line and checkout is not
 * offered until it is removed. Both screens pass axe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { openAs, ownerSession, type OwnerSession } from './menu-session';
import { addToOrder, button } from './store-customer';

const run = withApp({ rateLimitPerMinute: 100_000, orderLimitPerMinute: 1_000 });
const SLUG = 'sold-out-diner';
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

    const board = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(board, run.app, owner, '/backoffice/orders');
    await button(board, 'Sold out').click();
    const dialog = board.getByRole('dialog', { name: 'Sold out' });
    await dialog.getByRole('searchbox', { name: 'Find a dish' }).fill('Marg');
    await dialog.getByRole('button', { name: 'Mark sold out: Margherita' }).click();
    await board.getByRole('menuitem', { name: 'Until close' }).click();
    await dialog.getByText(/^Sold out until /).waitFor();
    await dialog.getByRole('button', { name: 'Back on sale: Margherita' }).waitFor();
    await screenshot(board, 'sold-out-board-1280');
    await expectAccessible(board, 'the board’s sold-out dialog', [1280]);

    await customer.reload();
    const card = customer.locator('li.item', { has: customer.getByRole('heading', { name: 'Margherita' }) });
    await expect.poll(() => card.textContent()).toMatch(/Sold out until /);
    await customer.getByRole('button', { name: /^Your order · / }).click();
    const cart = customer.getByRole('dialog', { name: 'Your order' });
    await cart.getByText('Sold out: remove it to place your order.').waitFor();
    expect(await cart.getByRole('button', { name: 'Check out' }).count()).toBe(0);
    await screenshot(customer, 'sold-out-cart-375');
    await expectAccessible(customer, 'the store’s cart with a sold-out line', [375]);
    await cart.getByRole('button', { name: 'Remove Margherita (Large)' }).click();
    await cart.getByText('Your order is empty.').waitFor();
  });
});
