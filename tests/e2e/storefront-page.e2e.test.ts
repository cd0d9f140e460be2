/**
 * Issue 29, item 2, in Chromium against the real server: a store launched and filled through the
 * real API, opened at its store URL by a customer at 1280, 375 and 320 px (axe clean, nothing
 * scrolls sideways), its zip check (delivers, does not, malformed) and an item's details opened
 * and closed with the keyboard; and (issue 40) a US and a UK store's hours, each written its
 * country's way. Issue 42: the page is React rendered by the server and hydrated (a hydration
 * error would fail any test here, as every console error does); it works with JavaScript off, and
 * on a phone the menu starts on the first screen with the category links kept in view.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '#contracts/onboarding';
import { addDays, wallClock } from '#contracts/shared/opening-status';
import { ownerCallTo, seedStore } from '#tests/fixtures/storefront/seed-store';
import { expectAccessible } from './axe';
import { keptPage, newPage, screenshot, withApp } from './harness';
import { ownerSession } from './menu-session';
import { expectReflow } from './reflow';

const run = withApp({ rateLimitPerMinute: 100_000 });

beforeAll(async () => {
  const owner = await ownerSession(run.app, 'store-owner@example.com');
  const call = ownerCallTo(run.app.url, owner.access);
  await seedStore(call, owner.restaurantId, { slug: 'blue-door', categories: 3, itemsPerCategory: 4 });
  // Two small stores with the default week (Monday closed, else 08:00–20:00) and a special day a week on.
  const inLondon = { country: 'United Kingdom', street: '1 Borough High St', city: 'London', state: 'EN', zip_code: 'SE1 9QQ' };
  for (const [slug, zone, location] of [
    ['stars-diner', 'America/Chicago', undefined],
    ['borough-cafe', 'Europe/London', inLondon],
  ] as const) {
    const other = await ownerSession(run.app, `${slug}@example.com`);
    const special = { date: addDays(wallClock(zone, new Date()).date, 7), closed: false, open_time: '10:00', close_time: '14:00', note: 'Short day' };
    await seedStore(ownerCallTo(run.app.url, other.access), other.restaurantId, {
      slug,
      categories: 1,
      itemsPerCategory: 1,
      location,
      hours: { ...DEFAULT_HOURS, time_zone: zone, special_days: [special] },
    });
  }
});

// A visitor, who stores nothing here: one page (one browser context) for every test, each a fresh load.
const visitorPage = keptPage();

async function openStore(width: number): Promise<Page> {
  const page = await visitorPage(run.browser, { width, height: 800 });
  await page.goto(`${run.app.url}/blue-door`);
  // The script has run once the details buttons it reveals are visible.
  await page.getByRole('button', { name: 'Details: Margherita' }).waitFor();
  return page;
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the store page in a browser', () => {
  it('shows the menu, prices and status at 1280, 375 and 320 px, with no axe violation and no sideways scroll', async () => {
    const page = await openStore(1280);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Blue Door Diner');
    await expect(page.locator('.status').textContent()).resolves.toBe('Open 24 hours');
    await expect(page.locator('.item').first().locator('.prices').textContent()).resolves.toBe('Small$9.00Large$14.50');
    await screenshot(page, 'storefront-page-1280');
    await expectAccessible(page, 'store page', [1280, 375, 320]);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, `storefront-page-${width}`);
    }
    await expectReflow(page, 'store page');
    // A category link scrolls to its section, and the script marks it as the one being read.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Category 3' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Category 3' }).getAttribute('aria-current')).toBe('true');
  });

  it('writes a US store’s hours in 12-hour time and a UK store’s in 24-hour time, dates as people write them, at 1280 and 375 px', async () => {
    const page = await visitorPage(run.browser, { width: 1280, height: 800 });
    for (const [slug, tuesday, special, form] of [
      ['stars-diner', '8:00 AM–8:00 PM', /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}: Open 10:00 AM–2:00 PM · Short day$/, /\d:\d\d (AM|PM)/],
      ['borough-cafe', '08:00–20:00', /^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+: Open 10:00–14:00 · Short day$/, /\d\d:\d\d(?! [AP]M)/],
    ] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${run.app.url}/${slug}`);
        const hours = page.getByRole('table');
        await expect(
          hours
            .getByRole('row', { name: /^Tuesday/ })
            .getByRole('cell')
            .textContent(),
        ).resolves.toBe(tuesday);
        await expect(page.getByRole('region', { name: 'Opening hours' }).getByRole('listitem').textContent()).resolves.toMatch(special);
        // Open now or not (the test runs at any hour), the status names a time the same way.
        await expect(page.locator('.status').textContent()).resolves.toMatch(form);
        expect(await sidewaysScroll(page)).toBe(0);
        await screenshot(page, `storefront-times-${slug}-${width}`);
      }
    }
  });

  it('checks a zip: one delivered to, one not, and a malformed one refused under the field', async () => {
    const page = await openStore(375);
    const zip = page.getByLabel('Do you deliver to my zip?');
    // The zip check's own status line (the cart has one of its own).
    const result = page.locator('.zip-result');
    await zip.fill('60606');
    await zip.press('Enter');
    await expect.poll(() => result.textContent()).toBe('We deliver to 60606: fee $3.00, minimum $15.00, free over $40.00, 30–45 min.');
    await zip.fill('10001');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => result.textContent()).toBe('Sorry, we don’t deliver to 10001 yet. Pickup is available.');
    await zip.fill('!!');
    await zip.press('Enter');
    const error = page.locator('#zip-error');
    await expect.poll(() => error.textContent()).toBe('Enter a zip or postal code (letters, digits, spaces or hyphens; at most 10).');
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    expect(await zip.getAttribute('aria-describedby')).toBe('zip-error');
    expect(await result.textContent()).toBe('');
    await expectAccessible(page, 'store page, zip refused', [375]);
    await zip.fill('60607');
    await zip.press('Enter');
    await expect.poll(() => result.textContent()).toContain('We deliver to 60607');
    expect(await zip.getAttribute('aria-invalid')).toBeNull();
    expect(await error.isHidden()).toBe(true);
  });

  it('opens an item’s details from the keyboard and gives focus back to its button on close', async () => {
    const page = await openStore(1280);
    const details = page.getByRole('button', { name: 'Details: Margherita' });
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Margherita' });
    await dialog.waitFor();
    // Its sizes and extras, each a choice with its price (the order form of issue 30).
    const choices = await dialog.locator('label.choice').allTextContents();
    expect(choices).toEqual(['Small (10 inches)$9.00', 'Large (14 inches)$14.50', 'Thinincluded', 'Stuffed+$2.50']);
    await expectAccessible(page, 'item details', [1280, 320]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Details: Margherita');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter'); // the close button, focused when the dialog opens
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Details: Margherita');
  });

  it('works with JavaScript off: menu, prices, hours and status in the first HTML, no button that needs the script', async () => {
    const context = await run.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    try {
      const page = await context.newPage();
      await page.goto(`${run.app.url}/blue-door`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Blue Door Diner');
      await expect(page.locator('.item').first().locator('.prices').textContent()).resolves.toBe('Small$9.00Large$14.50');
      await expect(page.locator('.status').textContent()).resolves.toBe('Open 24 hours');
      await expect(page.getByRole('row', { name: /^Every day/ }).textContent()).resolves.toBe('Every dayOpen 24 hours');
      // Details, the zip form and the cart need the script: none is offered; the page says how to ask instead.
      expect(await page.getByRole('button').count()).toBe(0);
      await page.getByText('To know whether we deliver to your address, call (312) 555-0101.').waitFor();
      await page.getByRole('link', { name: 'Category 3' }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe((await page.getByRole('link', { name: 'Category 3' }).getAttribute('href'))!);
      await screenshot(page, 'storefront-page-noscript-375');
    } finally {
      await context.close();
    }
  });

  it('on a phone starts the menu on the first screen and keeps the category links in view while scrolling', async () => {
    const page = await openStore(375);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const firstItem = await page.locator('.item').first().boundingBox();
    expect(firstItem!.y).toBeLessThan(667);
    const nav = page.getByRole('navigation', { name: 'Menu categories' });
    await page.getByRole('link', { name: 'Category 3' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Category 3' }).getAttribute('aria-current')).toBe('true');
    const stuck = await nav.boundingBox();
    expect(stuck!.y).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'storefront-page-scrolled-375');
  });

  it('orders with the keyboard alone: each dialog and step takes the focus, axe clean at every step (issue 42)', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 800 });
    await page.goto(`${run.app.url}/blue-door`);
    await page.getByRole('button', { name: 'Details: Margherita' }).waitFor();
    // The focused control's name: its aria-label, its label's words, or its own.
    const focused = () =>
      page.evaluate(() => {
        const control = document.activeElement as HTMLInputElement | null;
        return control?.getAttribute('aria-label') || control?.labels?.[0]?.textContent?.trim() || control?.textContent?.trim() || '';
      });
    /** Tab until the focus is on `name` (never more than 20 presses). */
    const tabTo = async (name: string | RegExp) => {
      for (let presses = 0; presses < 20; presses += 1) {
        const now = await focused();
        if (typeof name === 'string' ? now === name : name.test(now)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${String(name)} (last: ${await focused()})`);
    };
    const headingFocused = (title: string) =>
      expect.poll(() => page.evaluate(() => document.activeElement?.tagName + ' ' + document.activeElement?.textContent)).toBe(`H2 ${title}`);

    // The checkout's code is fetched once the cart holds something, not with the page (src/store-checkout.ts).
    const checkoutFetched = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/store-checkout-[^/]*\.js$/.test(entry.name)));
    expect(await checkoutFetched()).toBe(false);

    await page.getByRole('button', { name: 'Details: Margherita' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Margherita' });
    await dialog.waitFor();
    await tabTo(/^Small/);
    await page.keyboard.press('ArrowDown'); // Large
    await tabTo(/^Thin/);
    await page.keyboard.press('Space');
    await tabTo('One more');
    await page.keyboard.press('Enter');
    await tabTo('Add to order · $29.00');
    await expectAccessible(page, 'item dialog, filled by keyboard', [1280]);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('Details: Margherita');

    // The cart's button names the new line once the cart has taken it: Tab from there, not before.
    await page.getByRole('button', { name: 'Your order · 2 items · $29.00' }).waitFor();
    await expect.poll(checkoutFetched).toBe(true);
    await tabTo('Your order · 2 items · $29.00');
    await page.keyboard.press('Enter');
    await headingFocused('Your order');
    await expectAccessible(page, 'cart', [1280]);
    await tabTo('Check out');
    await page.keyboard.press('Enter');
    await headingFocused('How would you like your order?');
    await expectAccessible(page, 'checkout, pickup or delivery', [1280]);
    await tabTo(/^Pickup/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await headingFocused('When?');
    await expectAccessible(page, 'checkout, when', [1280]);
    await tabTo('When will you pick it up?');
    await page.keyboard.press('ArrowDown'); // As soon as possible (the store is open around the clock)
    await tabTo('Continue');
    await page.keyboard.press('Enter');
    await headingFocused('Your details');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('(312) 555-0199');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@example');
    await page.keyboard.press('Enter');
    // The email is refused: the focus goes to it, its error tied to it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('email');
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'checkout, details refused', [1280]);
    await page.keyboard.type('.com');
    await page.keyboard.press('Enter');
    await headingFocused('Review your order');
    await expectAccessible(page, 'checkout, review', [1280]);
    await tabTo('Place order');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/blue-door\/orders\/[A-Za-z0-9_-]{22,}$/);
    await page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }).waitFor();
    await expectAccessible(page, 'tracking page', [1280, 375]);
  });
});
