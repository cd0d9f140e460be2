/**
 * The Store screen in Chromium against the real server (issue 29, item 5): a launched owner
 * changes the delivery fee at /backoffice/store, saves, reloads and finds it (on screen and at
 * the server); the header's "View your store" leads to /{slug} in a new tab; an administrator
 * opens /admin/store for the restaurant chosen in the header and moves its store address, which
 * the link follows. Axe at 1280 and 375 px, nothing cut off at 320 px, and screenshots of both
 * widths under .e2e-artifacts/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_DAY_DATE_MISSING } from '#contracts/shared/opening-hours';
import { VALID_STEPS } from '../fixtures/onboarding/requests';
import { eventually, newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { adminSession } from './backoffice-server';
import { newPage, screenshot, withApp } from './harness';
import { cutOffControls } from './reflow';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

const run = withApp();
const SLUG = 'corner-store-e2e';
let owner: OwnerSession;

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('store-owner'));
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/location/`, VALID_STEPS.location);
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/about/`, { ...VALID_STEPS.about, name: 'Corner Store', slug: SLUG });
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/delivery/`, VALID_STEPS.delivery);
  await apiAs(run.app, owner, 'POST', `/onboarding/${owner.restaurantId}/launch/`);
}, 30_000);

/** The sidebar's links, as cutOffControls names them. */
const SIDEBAR_LINK =
  /^a "(Orders|Dashboard|Store|View your store \(opens in a new tab\)|Notifications|Menu|Customers|Coupons|Reviews|Money|Point of Sale|Messages|Support|Analytics|Media)" -/;

const deliveryFee = (page: Page) => page.getByRole('textbox', { name: 'Delivery fee' });

async function openStore(page: Page, path: string) {
  await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
  // Every section has loaded once its Save button is there.
  await page.getByRole('button', { name: 'Save contacts' }).waitFor();
  expect(page.url()).toContain(path);
}

describe('Store settings', () => {
  it('a launched owner changes the delivery fee, saves, reloads and finds it; the header links to the store', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, owner, '/backoffice/store');
    await openStore(page, '/backoffice/store');

    const view = page.getByRole('banner').getByRole('link', { name: 'View your store (opens in a new tab)' });
    expect(await view.getAttribute('href')).toBe(`/${SLUG}`);
    expect(await view.getAttribute('target')).toBe('_blank');
    const sidebar = page.getByRole('navigation', { name: 'Back office' });
    expect(await sidebar.getByRole('link', { name: 'Store', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await sidebar.getByRole('link', { name: 'View your store (opens in a new tab)' }).getAttribute('href')).toBe(`/${SLUG}`);

    expect(await deliveryFee(page).inputValue()).toBe('2.99');
    const save = page.getByRole('button', { name: 'Save delivery' });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page, 'store settings');
    await screenshot(page, 'store-settings-1280');

    await deliveryFee(page).fill('4.75');
    await save.click();
    const delivery = page.getByRole('region', { name: 'Delivery and pickup' });
    await delivery.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    const stored = await apiAs<{ delivery_fee: number }>(run.app, owner, 'GET', `/onboarding/${owner.restaurantId}/delivery/`);
    expect(stored.delivery_fee).toBe(4.75);
    const [launched] = await run.app.query('select launched_at from onboardings where restaurant_id = $1', [owner.restaurantId]);
    expect(launched?.launched_at).not.toBeNull();

    await page.reload();
    await openStore(page, '/backoffice/store');
    expect(await deliveryFee(page).inputValue()).toBe('4.75');

    await page.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(page, 'store settings', [375]);
    await screenshot(page, 'store-settings-375');

    // The jump list takes the keyboard and the eye to a section, and the address keeps no hash.
    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Opening hours' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Opening hours');
    expect(new URL(page.url()).hash).toBe('');
    // At 320 px nothing scrolls sideways and no control of the screen is cut off (the closed
    // phone menu's links wait off screen, inert, by design).
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect((await cutOffControls(page)).filter((control) => !SIDEBAR_LINK.test(control))).toEqual([]);
  });

  it('an administrator opens /admin/store for the restaurant chosen in the header', async () => {
    const admin = await adminSession(run.app, 'store-admin');
    await apiAs(run.app, admin, 'PATCH', '/auth/me/', { active_restaurant_id: owner.restaurantId });
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, admin, '/admin/store');
    await openStore(page, '/admin/store');
    await page.getByText('Settings of Corner Store, the restaurant you work on.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Store URL' }).inputValue()).toBe(SLUG);
    const view = page.getByRole('banner').getByRole('link', { name: 'View your store (opens in a new tab)' });
    expect(await view.getAttribute('href')).toBe(`/${SLUG}`);

    // The administrator moves the store to a new address: saved for the owner, and the link follows.
    await page.getByRole('textbox', { name: 'Store URL' }).fill(`${SLUG}-2`);
    await page.getByRole('button', { name: 'Save about' }).click();
    await page.getByRole('region', { name: 'About and store URL' }).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.waitForFunction((href) => document.querySelector(`header a[href="${href}"]`) !== null, `/${SLUG}-2`);
    const stored = await apiAs<{ slug: string }>(run.app, owner, 'GET', `/onboarding/${owner.restaurantId}/about/`);
    expect(stored.slug).toBe(`${SLUG}-2`);
  }, 30_000);

  it('a special day starts without a date and closes nothing until one is chosen; its switch reads Open, as a weekday’s (1280 and 375 px)', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, owner, '/backoffice/store');
    await openStore(page, '/backoffice/store');
    const hours = page.getByRole('region', { name: 'Opening hours' });
    const addDay = async (place: number) => {
      await hours.getByRole('button', { name: 'Add a special day' }).click();
      const date = hours.getByLabel(`Date of special day ${place}`, { exact: true });
      // Issue 40: no date, the focus on it, and no Open switch until it is chosen.
      expect(await date.inputValue()).toBe('');
      expect(await date.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await hours.getByRole('switch', { name: /^Open on/ }).count()).toBe(place - 1);
      return date;
    };
    const date = await addDay(1);
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await eventually(async () => expect(await date.getAttribute('aria-invalid')).toBe('true'));
    expect(await date.evaluate((input) => input === document.activeElement)).toBe(true);
    await hours.getByText(SPECIAL_DAY_DATE_MISSING).waitFor();

    await date.fill('2099-12-24');
    const open = hours.getByRole('switch', { name: 'Open on 2099-12-24' });
    expect(await open.isChecked()).toBe(false);
    expect(await hours.getByRole('switch', { name: 'Monday open' }).isChecked()).toBe(false);
    await open.check();
    await hours.getByRole('button', { name: 'Save hours' }).click();
    await hours.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const stored = await apiAs<{ special_days: unknown[] }>(run.app, owner, 'GET', `/onboarding/${owner.restaurantId}/hours/`);
    expect(stored.special_days).toEqual([{ date: '2099-12-24', closed: false, open_time: '08:00', close_time: '20:00', note: '' }]);
    await hours.getByRole('heading', { name: 'Special days' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'store-special-days-1280');

    // At a phone's width, an undated row beside a dated one.
    await page.setViewportSize({ width: 375, height: 740 });
    const second = await addDay(2);
    await expectAccessible(page, 'store special days', [375]);
    await screenshot(page, 'store-special-days-375');
    await second.fill('2099-12-25');
    expect(await hours.getByRole('switch', { name: 'Open on 2099-12-25' }).isChecked()).toBe(false);
  });
});
