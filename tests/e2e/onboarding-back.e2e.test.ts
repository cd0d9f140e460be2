/**
 * Issue 10, item 8b in Chromium (whose Navigation API the first step's Back reads): Back on the
 * first onboarding step returns to the page the owner came from, passing over the steps they
 * went back and forth between.
 *
 * Issue 27, item 7: after Skip then Back the typed values are called a draft; the launch step
 * lists the steps with nothing saved, each a link back, and still launches; Sign out in the
 * header, reached with the keyboard, ends the session. axe at 1280 and 375 px on each screen.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { newPage, screenshot } from './harness';
import { apiAs, openAs, ownerSession, withOwnerApp } from './menu-session';
import { cutOffControls } from './reflow';

// The embedded database and Chromium start slowly on a busy machine.
const running = withOwnerApp('owner@example.com', { timeout: 180_000 });

describe('Back on the first onboarding step', () => {
  it('returns to the page before the onboarding', async () => {
    const page = await newPage(running.browser);
    await openAs(page, running.app, running.owner, '/surveys/restaurants');
    await page.goto(`${running.app.url}/onboard/${running.owner.restaurantId}/location`);
    const back = page.getByRole('button', { name: 'Back' });
    await page.getByRole('heading', { name: 'Where is your restaurant?' }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('heading', { name: 'About your restaurant' }).waitFor();
    await back.click();
    await page.getByRole('heading', { name: 'Where is your restaurant?' }).waitFor();
    expect(await back.isEnabled()).toBe(true);
    await back.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/surveys/restaurants');
  });
});

describe('unsaved steps and Sign out during the onboarding', () => {
  it('calls a skipped step’s values a draft, lists what is missing before launch, and signs out', async () => {
    const drafter = await ownerSession(running.app, 'drafts.owner@example.com');
    const rid = drafter.restaurantId;
    await apiAs(running.app, drafter, 'PUT', `/onboarding/${rid}/location/`, {
      country: 'United States',
      street: '',
      zip_code: '10012',
      city: 'New York',
      state: 'NY',
    });
    const page = await newPage(running.browser);
    await openAs(page, running.app, drafter, `/onboard/${rid}/contacts`);
    const note = page.getByText('Not saved yet: this is a draft kept in this browser. Press Next to save it.');
    await page.getByRole('button', { name: 'Next' }).and(page.locator(':enabled')).waitFor();
    expect(await note.count()).toBe(0);
    await page.getByLabel('Mobile phone').fill('917 555 0103');

    // Skip: the launch step names every step the server holds nothing for; Launch stays.
    await page.getByRole('button', { name: 'Skip' }).click();
    const missing = page.getByRole('region', { name: 'Not saved yet' });
    await missing.waitFor();
    expect(await missing.getByRole('link').allTextContents()).toEqual(['About', 'Delivery', 'Hours', 'Additional', 'Contacts']);
    expect(await page.getByRole('button', { name: 'Launch' }).isEnabled()).toBe(true);
    await screenshot(page, 'onboarding-launch-unsaved-desktop');
    await expectAccessible(page, 'onboarding launch, steps not saved');

    // Back: the typed value, said to be a draft, which describes the form.
    await page.getByRole('button', { name: 'Back' }).click();
    await note.waitFor();
    expect(await page.getByLabel('Mobile phone').inputValue()).toBe('917 555 0103');
    const description = await page
      .getByRole('form', { name: 'How to reach you' })
      .evaluate((form) => document.getElementById(form.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(description).toBe(await note.textContent());
    await screenshot(page, 'onboarding-contacts-draft-desktop');
    await expectAccessible(page, 'onboarding contacts, draft');

    // A link of the list opens its step.
    await page.getByRole('button', { name: 'Skip' }).click();
    await missing.getByRole('link', { name: 'Hours' }).click();
    await page.getByRole('heading', { level: 1, name: 'Opening hours' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/onboard/${rid}/hours`);

    // On a phone the header keeps Sign out whole, and so does the list.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await cutOffControls(page)).toEqual([]);
    await page.goBack();
    await missing.waitFor();
    expect(await cutOffControls(page)).toEqual([]);
    await screenshot(page, 'onboarding-launch-unsaved-phone');

    // Sign out, with the keyboard: the stop just before the step's heading. It revokes the
    // session on the server, as the back office's does, and leaves for the sign-in page.
    const live = async () =>
      Number(
        (
          await running.app.query(
            'select count(*)::int as n from refresh_tokens t join users u on u.id = t.user_id where u.email = $1 and t.revoked_at is null and t.replaced_at is null',
            ['drafts.owner@example.com'],
          )
        )[0]?.n,
      );
    expect(await live()).toBe(1);
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Sign out');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await live()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('refresh_token') ?? sessionStorage.getItem('refresh_token'))).toBeNull();
  }, 120_000);
});
