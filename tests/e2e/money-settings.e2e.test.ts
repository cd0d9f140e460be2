/**
 * The owner's money settings in Chromium against the real server (issue 43): a launched owner in
 * Illinois creates a coupon at /backoffice/coupons and edits it; on the Store screen sets an
 * 8.25 % sales tax (the notice says no tax is charged until then) and offers tips. What the
 * screens show is read back from the server. Axe at 1280 and 375 px, the coupon dialog open
 * included, and screenshots of both widths under .e2e-artifacts/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '#contracts/ordering/coupons';
import type { TaxSettingsAnswer, TipSettings } from '#contracts/ordering/order-settings';
import { VALID_STEPS } from '../fixtures/onboarding/requests';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

const run = withApp();
let owner: OwnerSession;

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('money-owner'));
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/location/`, VALID_STEPS.location);
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/about/`, { ...VALID_STEPS.about, slug: 'money-owner-e2e' });
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/delivery/`, VALID_STEPS.delivery);
  await apiAs(run.app, owner, 'POST', `/onboarding/${owner.restaurantId}/launch/`);
  await apiAs(run.app, owner, 'POST', '/categories/', { name: 'Drinks', restaurant_id: owner.restaurantId });
}, 30_000);

const coupons = () => apiAs<{ results: Coupon[] }>(run.app, owner, 'GET', '/coupons/');

async function fillCoupon(page: Page, fields: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
  return dialog;
}

describe('money settings', () => {
  it('an owner creates a coupon and edits it; the list says what it takes off in dollars', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, owner, '/backoffice/coupons');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await page.getByText('No coupons yet. Create one to run a promotion.').waitFor();

    await page.getByRole('button', { name: 'Create coupon' }).click();
    const dialog = await fillCoupon(page, { Code: 'WELCOME5', 'Takes off': '5', 'Minimum order': '20', 'Uses in all': '100' });
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('amount');
    // Screenshots before axe, which resizes the page: the layout is still settling just after.
    await screenshot(page, 'money-coupon-dialog-1280');
    await expectAccessible(page, 'coupon dialog');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon WELCOME5 created.' }).waitFor();
    const row = page.getByRole('row', { name: /WELCOME5/ });
    await row.filter({ hasText: '$5.00' }).waitFor();
    expect(await row.textContent()).toContain('$20.00');

    await page.getByRole('button', { name: 'Edit WELCOME5' }).click();
    await fillCoupon(page, { 'Takes off': '7.5' });
    // A last day before the first is refused on its field, and the focus goes there.
    await fillCoupon(page, { 'First day': '2026-12-31', 'Last day': '2026-12-01' });
    await page.getByRole('dialog').getByRole('button', { name: 'Save coupon' }).click();
    const lastDay = page.getByRole('dialog').getByRole('textbox', { name: /^Last day/ });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await lastDay.evaluate((element) => element === document.activeElement)).toBe(true);
    await fillCoupon(page, { 'Last day': '' });
    await page.getByRole('dialog').getByRole('button', { name: 'Save coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon WELCOME5 saved.' }).waitFor();
    await row.filter({ hasText: '$7.50' }).waitFor();
    const [saved] = (await coupons()).results;
    expect(saved).toMatchObject({ code: 'WELCOME5', kind: 'amount', value: 7.5, min_subtotal: 20, max_uses: 100, starts_on: '2026-12-31', ends_on: null });

    await screenshot(page, 'money-coupons-1280');
    await expectAccessible(page, 'coupons');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('list', { name: 'Coupons' }).waitFor();
    await screenshot(page, 'money-coupons-375');
    await page.getByRole('button', { name: 'Edit WELCOME5' }).click();
    await page.getByRole('dialog').waitFor();
    // Axe waits for the dialog's fade-in to end: the screenshot after it shows the dialog whole.
    await expectAccessible(page, 'coupon dialog', [375]);
    await screenshot(page, 'money-coupon-dialog-375');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('the owner sets 8.25 % sales tax and offers tips on the Store screen', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, owner, '/backoffice/store');
    const taxes = page.getByRole('region', { name: 'Taxes' });
    await taxes.getByText('until you save one, your orders carry no tax').waitFor();
    await screenshot(page, 'money-store-1280');
    await taxes.getByRole('textbox', { name: /^Tax rate/ }).fill('8.25');
    await taxes.getByRole('textbox', { name: 'Drinks (%)' }).fill('6.25');
    await taxes.getByRole('button', { name: 'Save taxes' }).click();
    await taxes.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await taxes.getByText('until you save one').count()).toBe(0);
    const tax = await apiAs<TaxSettingsAnswer>(run.app, owner, 'GET', `/restaurants/${owner.restaurantId}/settings/taxes/`);
    expect(tax).toMatchObject({ default_rate: 8.25, prices_include_tax: false, needs_setup: false, category_rates: [{ rate: 6.25 }] });

    const tips = page.getByRole('region', { name: 'Tips' });
    await tips.getByRole('switch', { name: /^Offer a tip/ }).check({ force: true });
    await tips.getByRole('textbox', { name: 'Fourth choice' }).fill('25');
    await tips.getByRole('button', { name: 'Save tips' }).click();
    await tips.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const tip = await apiAs<TipSettings>(run.app, owner, 'GET', `/restaurants/${owner.restaurantId}/settings/tips/`);
    expect(tip).toEqual({ enabled: true, choices: [10, 15, 20, 25], allow_custom: true });

    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'money-store-375');
    await expectAccessible(page, 'store money sections');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
