/**
 * Issue 44's journey in Chromium against the real server and the Stripe double (its hosted page
 * and signed webhooks): a customer on a phone (375 px) chooses to pay by card, pays on the payment
 * page and comes back to "Payment received"; the order reaches the owner's board only then; the
 * owner cancels it and the tracking page says the card payment was released. Axe on the review
 * with the payment choice and on the tracking page; screenshots under .e2e-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackedOrder } from '#contracts/ordering';
import { startStripeDouble } from '#tests/doubles/stripe/stripe-double';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { closedPort } from '../server/payments/webhook-receiver';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';
import { addToOrder, button, checkOut } from './store-customer';

const WEBHOOK_SECRET = 'whsec_card_payment_e2e_secret';
const stripe = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET });
// The payment page sends the customer back to PUBLIC_URL: the app gets a port known beforehand.
const port = await closedPort();
const run = withApp({
  port,
  publicUrl: `http://127.0.0.1:${port}`,
  rateLimitPerMinute: 100_000,
  orderLimitPerMinute: 1_000,
  stripe: { secretKey: stripe.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
});
const SLUG = 'card-diner';
let owner: OwnerSession;

beforeAll(async () => {
  stripe.setWebhookUrl(`${run.app.url}/api/v2/payments/stripe/webhook/`);
  owner = await ownerSession(run.app, newAddress('card-owner'));
  await seedStore(ownerCallTo(run.app.url, owner.access), owner.restaurantId, { slug: SLUG, name: 'Card Diner', categories: 1, itemsPerCategory: 2 });
  await apiAs(run.app, owner, 'PUT', `/restaurants/${owner.restaurantId}/settings/payments/`, { card_online: true, in_person: true });
}, 30_000);
afterAll(async () => {
  await stripe.close();
});

const ownerOrderIds = async () => (await apiAs<{ results: { id: number }[] }>(run.app, owner, 'GET', '/orders/')).results.map((order) => order.id);

describe('paying by card (issue 44)', { timeout: 120_000 }, () => {
  it('a customer on a phone pays by card; the board has the order only once paid; a cancel releases the payment', async () => {
    const customer = await newPage(run.browser, { width: 375, height: 800 });
    await customer.goto(`${run.app.url}/${SLUG}`);
    await addToOrder(customer, 'Margherita', ['Large', 'Thin'], 1);
    await checkOut(customer, 'Pickup');
    const review = customer.locator('dialog.checkout');
    const choice = review.getByRole('group', { name: 'How would you like to pay?' });
    await choice.waitFor();
    expect(await choice.getByRole('radio', { name: 'Pay now by card' }).isChecked()).toBe(true);
    await expect.poll(() => choice.getAttribute('aria-describedby')).toContain('payment-hint');
    await screenshot(customer, 'card-payment-review-375');
    await expectAccessible(customer, 'checkout review with the payment choice', [375]);

    await button(customer, 'Place order').click();
    await customer.waitForURL(/\/pay\/cs_test_/);
    const before = await ownerOrderIds();
    await customer.getByRole('button', { name: /^Pay / }).click();
    await customer.waitForURL(/\/orders\/.*payment=done/);
    await customer.getByText(/^Payment received: \$\d+\.\d{2} by card\.$/).waitFor();
    const token = new URL(customer.url()).pathname.split('/').at(-1)!;
    const order = (await (await customer.request.get(`${run.app.url}/api/v2/orders/track/${token}/`)).json()) as TrackedOrder & { id?: number };
    expect(order).toMatchObject({ status: 'placed', payment: { method: 'card', state: 'authorized', paid: order.total } });
    await screenshot(customer, 'card-payment-tracking-375');
    await expectAccessible(customer, 'tracking page of an order paid by card', [375]);

    // Not on the board while it waited for its payment; there once paid.
    const after = await ownerOrderIds();
    expect(after.length).toBe(before.length + 1);
    const board = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(board, run.app, owner, '/backoffice/orders');
    await board.getByRole('button', { name: `Cancel order #${order.number}` }).click({ timeout: 20_000 });
    const dialog = board.getByRole('dialog', { name: `Cancel order #${order.number}?` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Out of dough');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await customer.reload();
    await customer.getByText('The card payment was released: nothing was charged.').waitFor();
    await expect.poll(() => stripe.requests.filter((request) => request.idempotencyKey?.endsWith('-release')).length).toBe(1);
  });

  it('a customer who leaves the payment page is asked to try again, and pays the same order', async () => {
    const customer = await newPage(run.browser, { width: 375, height: 800 });
    await customer.goto(`${run.app.url}/${SLUG}`);
    await addToOrder(customer, 'Margherita', ['Large', 'Thin'], 1);
    await checkOut(customer, 'Pickup');
    await button(customer, 'Place order').click();
    await customer.waitForURL(/\/pay\/cs_test_/);
    await customer.getByRole('button', { name: 'Cancel' }).click();
    await customer.getByRole('heading', { name: 'Payment not completed' }).waitFor();
    await screenshot(customer, 'card-payment-not-completed-375');
    await expectAccessible(customer, 'tracking page of an order not paid yet', [375]);
    await customer.getByRole('button', { name: 'Try again' }).click();
    await customer.waitForURL(/\/pay\/cs_test_/);
    await customer.getByRole('button', { name: /^Pay / }).click();
    await customer.getByText(/^Payment received: /).waitFor();
  });

  it('an owner refunds part of a completed card order from the history; the customer’s page says so', async () => {
    const customer = await newPage(run.browser, { width: 375, height: 800 });
    await customer.goto(`${run.app.url}/${SLUG}`);
    await addToOrder(customer, 'Margherita', ['Large', 'Thin'], 1);
    await checkOut(customer, 'Pickup');
    await button(customer, 'Place order').click();
    await customer.waitForURL(/\/pay\/cs_test_/);
    await customer.getByRole('button', { name: /^Pay / }).click();
    await customer.getByText(/^Payment received: /).waitFor();
    const token = new URL(customer.url()).pathname.split('/').at(-1)!;
    const order = (await (await customer.request.get(`${run.app.url}/api/v2/orders/track/${token}/`)).json()) as TrackedOrder;
    const id = (await apiAs<{ results: { id: number; number: number }[] }>(run.app, owner, 'GET', '/orders/')).results.find(
      (listed) => listed.number === order.number,
    )!.id;
    await apiAs(run.app, owner, 'POST', `/orders/${id}/transition/`, { to: 'accepted', prep_minutes: 15 });
    await apiAs(run.app, owner, 'POST', `/orders/${id}/transition/`, { to: 'ready' });
    await apiAs(run.app, owner, 'POST', `/orders/${id}/transition/`, { to: 'completed' });

    for (const width of [1280, 375]) {
      const page = await newPage(run.browser, { width, height: 900 });
      await openAs(page, run.app, owner, `/backoffice/orders/history?search=%23${order.number}`);
      await page.getByRole('button', { name: new RegExp(`^#${order.number} Ada Lovelace`) }).click();
      const detail = page.getByRole('dialog', { name: `Order #${order.number}` });
      await detail.getByText(`Paid by card: $${order.total.toFixed(2)}`).waitFor();
      if (width === 375) {
        // Axe waits for the drawer's transition: the picture after it shows the drawer in place.
        await expectAccessible(page, 'order history detail of a refunded card order', [375]);
        await screenshot(page, 'card-payment-refunded-history-375');
        continue;
      }
      await detail.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog', { name: `Refund order #${order.number}` });
      await dialog.getByRole('textbox', { name: /Amount/ }).fill('4.50');
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Cold pizza');
      await screenshot(page, 'card-payment-refund-dialog-1280');
      await expectAccessible(page, 'refund dialog', [1280]);
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await detail.getByText(`Paid by card: $${order.total.toFixed(2)} · $4.50 refunded`).waitFor();
    }
    await customer.reload();
    await customer.getByText(/\$4\.50 refunded\.$/).waitFor();
  });
});
