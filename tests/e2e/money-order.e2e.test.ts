/**
 * Issue 43's journey in Chromium against the real server: an owner in Chicago charges 8.25 %
 * sales tax, offers tips and runs a 10 % coupon; a customer on a phone (375 px) orders two large
 * Margheritas ($29.00) for pickup with a 15 % tip and the coupon typed their own way. The review,
 * the placed order's tracking page, the confirmation mail (the receipt), the owner's board card,
 * the kitchen ticket and the Money screen all show the same figures, worked out by hand below.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackedOrder } from '#contracts/ordering';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { mailsTo } from '../server/outbox';
import { eventually, newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';
import { addToOrder, button, checkOut } from './store-customer';

const run = withApp({ rateLimitPerMinute: 100_000, orderLimitPerMinute: 1_000 });
const SLUG = 'money-diner';
let owner: OwnerSession;

// 2 × Large Margherita with the thin crust: $29.00. The coupon takes 10 % ($2.90) off the line
// before tax; tax 8.25 % of $26.10 = 215.3 cents → $2.15 (half up, per line); the tip is 15 % of
// the $29.00 before the discount, $4.35. Total 29.00 − 2.90 + 2.15 + 4.35 = $32.60.
const RECEIPT = ['Subtotal: $29.00', 'Discount (SAVE 10): \u2212$2.90', 'Tax: $2.15', 'Tip: $4.35', 'Total: $32.60', 'Pay at pickup: $32.60.'];

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('money-order-owner'));
  const call = ownerCallTo(run.app.url, owner.access);
  await seedStore(call, owner.restaurantId, { slug: SLUG, name: 'Money Diner', categories: 1, itemsPerCategory: 2 });
  const settings = `/restaurants/${owner.restaurantId}/settings`;
  await apiAs(run.app, owner, 'PUT', `${settings}/taxes/`, { prices_include_tax: false, default_rate: 8.25, delivery_fee_taxable: false, category_rates: [] });
  await apiAs(run.app, owner, 'PUT', `${settings}/tips/`, { enabled: true, choices: [10, 15, 20], allow_custom: true });
  await apiAs(run.app, owner, 'POST', '/coupons/', { restaurant_id: owner.restaurantId, code: 'SAVE 10', kind: 'percent', value: 10 });
}, 30_000);

/** The mail's text with quoted-printable soft breaks joined and its escapes decoded. */
const decoded = (mail: string) =>
  Buffer.from(
    mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`),
    'utf8',
  )
    .toString()
    .replace(/(%[0-9A-F]{2})+/g, (escaped) => decodeURIComponent(escaped));

describe('tax, a tip and a coupon agree to the cent everywhere (issue 43)', { timeout: 120_000 }, () => {
  it('a customer on a phone tips 15 % and uses the coupon; tracking, receipt, board, ticket and Money screen show the same figures', async () => {
    const customer = await newPage(run.browser, { width: 375, height: 800 });
    await customer.goto(`${run.app.url}/${SLUG}`);
    await customer.getByText('Tax is added at checkout.').waitFor();
    await addToOrder(customer, 'Margherita', ['Large', 'Thin'], 2);
    await checkOut(customer, 'Pickup');
    const review = customer.locator('dialog.checkout');
    /** Each figure's row, as a receipt shows it ("Tax" then "$2.15"). */
    const expectFigures = async (where: typeof review, figures: [string, string][]) => {
      for (const [label, amount] of figures)
        await expect
          .poll(() =>
            where
              .locator('p.subtotal', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })
              .first()
              .textContent(),
          )
          .toBe(`${label}${amount}`);
    };
    // Before the tip and the coupon: 8.25 % of $29.00 = 239.25 cents → $2.39.
    await expectFigures(review, [['Tax', '$2.39']]);

    await review.getByRole('radio', { name: /^15 % · \$4\.35/ }).check();
    await review.getByRole('textbox', { name: /^Coupon code/ }).fill(' save10 ');
    await button(customer, 'Apply').click();
    await review.getByText('Discount (SAVE 10)').waitFor();
    const FIGURES: [string, string][] = [
      ['Subtotal', '$29.00'],
      ['Discount (SAVE 10)', '\u2212$2.90'],
      ['Tax', '$2.15'],
      ['Tip', '$4.35'],
      ['Total', '$32.60'],
    ];
    await expectFigures(review, FIGURES);
    await screenshot(customer, 'money-order-review-375');
    await expectAccessible(customer, 'checkout review with a tip and a coupon', [375]);

    await button(customer, 'Place order').click();
    await customer.waitForURL(/\/orders\//);
    await customer.getByRole('heading', { level: 1, name: /^Order #/ }).waitFor();
    await expectFigures(customer.locator('main'), FIGURES);
    const tracked = (await (await customer.request.get(`${run.app.url}/api/v2/orders/track/${customer.url().split('/').at(-1)}/`)).json()) as TrackedOrder;
    expect(tracked).toMatchObject({ subtotal: 29, discount: 2.9, tax: 2.15, tip: 4.35, fee: 0, total: 32.6, coupon_code: 'SAVE 10' });

    let receipt = '';
    await eventually(async () => {
      receipt = decoded((await mailsTo(run.app.dataDir, 'ada@example.com')).at(-1) ?? '');
      expect(receipt).toContain('Total: $32.60');
    });
    for (const line of RECEIPT) expect(receipt).toContain(line);

    const board = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(board, run.app, owner, '/backoffice/orders');
    const card = board.getByRole('article', { name: new RegExp(`^#${tracked.number} `) });
    await card.waitFor();
    expect(await card.textContent()).toContain('Subtotal $29.00 · Discount (SAVE 10) \u2212$2.90 · Tax $2.15 · Tip $4.35');
    expect(await card.textContent()).toContain('Total $32.60');
    await board.evaluate(() => (window.print = () => undefined));
    await card.getByRole('button', { name: `Print ticket for order #${tracked.number}` }).click();
    const ticket = board.locator(`[aria-label="Kitchen ticket for order #${tracked.number}"]`);
    await expect.poll(async () => (await ticket.textContent()) ?? '').toContain('Subtotal $29.00 · Discount (SAVE 10) \u2212$2.90 · Tax $2.15 · Tip $4.35');
    expect(await ticket.textContent()).toContain('Pay at pickup: $32.60');

    await openAs(board, run.app, owner, '/backoffice/money');
    const totals = board.locator('tfoot tr');
    await expect.poll(async () => (await totals.textContent()) ?? '').toContain('$32.60');
    const text = (await totals.textContent()) ?? '';
    for (const figure of ['$29.00', '$2.90', '$2.15', '$4.35', '$32.60']) expect(text).toContain(figure);
    await screenshot(board, 'money-order-money-screen-1280');
    await expectAccessible(board, 'Money screen with an order', [1280, 375]);
  });
});
