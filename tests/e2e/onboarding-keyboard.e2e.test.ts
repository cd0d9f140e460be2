/**
 * Issue 12 in Chromium: the onboarding's first step with the keyboard alone. The step starts
 * with the focus on its heading, Tab walks the fields in order, Enter in a field is Next; a
 * refused Next lands on the first field in error, whose accessible description is the rule's
 * sentence; once fixed, Enter saves and the next step starts at its heading. No clicks.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES } from '#contracts/onboarding';
import { newPage } from './harness';
import { openAs, withOwnerApp } from './menu-session';

// The embedded database and Chromium start slowly on a busy machine.
const running = withOwnerApp('keyboard.owner@example.com', { timeout: 180_000 });

/** The focused element as a person using a screen reader meets it: role, name, state and description. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const labelled = (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const describedBy = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return {
      tag: element.tagName.toLowerCase(),
      text: element.tagName === 'H1' ? element.textContent : (element.getAttribute('aria-label') ?? labelled.replace(/\s*\*$/, '')),
      invalid: element.getAttribute('aria-invalid'),
      description: describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    };
  });
}

async function tab(page: Page, expected: string) {
  await page.keyboard.press('Tab');
  expect((await focused(page))?.text).toBe(expected);
}

describe('onboarding with the keyboard alone', () => {
  it('starts at the heading, refuses an incomplete location onto its first empty field, then moves on', async () => {
    const page = await newPage(running.browser);
    await openAs(page, running.app, running.owner, `/onboard/${running.owner.restaurantId}/location`);
    await page.getByRole('button', { name: 'Next' }).and(page.locator(':enabled')).waitFor();

    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Where is your restaurant?' });
    expect(await page.title()).toBe('Where is your restaurant? · Onboarding · Tablefront');

    await tab(page, 'Country');
    await tab(page, 'Street address');
    await page.keyboard.type('221 Mulberry Street');
    await tab(page, 'Zip code');
    await page.keyboard.type('10012');
    await tab(page, 'City');
    await tab(page, 'State');
    await page.keyboard.press('Enter');

    // City is the first field the rule finds empty: the focus lands there, and it says why.
    await expect.poll(() => focused(page)).toEqual({ tag: 'input', text: 'City', invalid: 'true', description: ONBOARDING_MESSAGES.location });
    expect(await page.getByRole('textbox', { name: 'State' }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Zip code' }).getAttribute('aria-invalid')).toBeNull();

    await page.keyboard.type('New York');
    await tab(page, 'State');
    await page.keyboard.type('NY');
    await page.keyboard.press('Enter');

    await expect.poll(() => focused(page), { timeout: 10_000 }).toMatchObject({ tag: 'h1', text: 'About your restaurant' });
    expect(new URL(page.url()).pathname).toBe(`/onboard/${running.owner.restaurantId}/about`);
    expect(await page.title()).toBe('About your restaurant · Onboarding · Tablefront');
    const [saved] = await running.app.query(
      'select l.zip_code, c.name as city from restaurant_locations l join cities c on c.id = l.city_id where l.restaurant_id = $1',
      [running.owner.restaurantId],
    );
    expect(saved).toEqual({ zip_code: '10012', city: 'New York' });
  });
});
