/**
 * The Store screen's Kitchen section in Chromium against the real server (issue 45): an owner caps
 * a 15-minute slot and turns auto-accept on; the server keeps it. Axe and screenshots at 1280 and
 * 375 px under .e2e-artifacts/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { KitchenSettings } from '#contracts/ordering/kitchen-settings';
import { VALID_STEPS } from '../fixtures/onboarding/requests';
import { newAddress } from './accounts-server';
import { expectAccessible } from './axe';
import { newPage, screenshot, withApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

const run = withApp();
let owner: OwnerSession;

beforeAll(async () => {
  owner = await ownerSession(run.app, newAddress('kitchen-owner'));
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/location/`, VALID_STEPS.location);
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/about/`, { ...VALID_STEPS.about, slug: 'kitchen-owner-e2e' });
  await apiAs(run.app, owner, 'PUT', `/onboarding/${owner.restaurantId}/delivery/`, VALID_STEPS.delivery);
  await apiAs(run.app, owner, 'POST', `/onboarding/${owner.restaurantId}/launch/`);
}, 30_000);

describe('kitchen settings', () => {
  it('an owner caps a slot and turns auto-accept on, at 1280 and 375 px', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, owner, '/backoffice/store');
    const kitchen = page.getByRole('region', { name: 'Kitchen' });
    await kitchen.getByRole('textbox', { name: /^Most orders per 15 minutes/ }).fill('6');
    await kitchen.getByRole('textbox', { name: /^Most items per 15 minutes/ }).fill('30');
    await kitchen.getByRole('switch', { name: /^Accept new orders automatically/ }).check({ force: true });
    await kitchen.getByRole('button', { name: 'Save kitchen settings' }).click();
    await kitchen.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = await apiAs<KitchenSettings>(run.app, owner, 'GET', `/restaurants/${owner.restaurantId}/settings/kitchen/`);
    expect(saved).toEqual({ max_orders_per_slot: 6, max_items_per_slot: 30, min_lead_minutes: 0, auto_accept: true, default_prep_minutes: 20 });
    await kitchen.scrollIntoViewIfNeeded();
    await screenshot(page, 'kitchen-settings-1280');
    // The section alone too: the Store screen is long, its full-page picture small to read.
    await kitchen.screenshot({ path: '.e2e-artifacts/kitchen-section-1280.png' });
    await expectAccessible(page, 'store settings with the kitchen');
    await page.setViewportSize({ width: 375, height: 740 });
    await kitchen.scrollIntoViewIfNeeded();
    await screenshot(page, 'kitchen-settings-375');
    await kitchen.screenshot({ path: '.e2e-artifacts/kitchen-section-375.png' });
    await expectAccessible(page, 'store settings with the kitchen', [375]);
    await page.close();
  });
});
