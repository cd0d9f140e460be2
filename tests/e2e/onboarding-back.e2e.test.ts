/**
 * Issue 10, item 8b in Chromium (whose Navigation API the first step's Back reads): Back on the
 * first onboarding step returns to the page the owner came from, passing over the steps they
 * went back and forth between.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, startApp, type RunningApp } from './harness';
import { openAs, ownerSession, type OwnerSession } from './menu-session';

let app: RunningApp;
let browser: Browser;
let owner: OwnerSession;

beforeAll(async () => {
  app = await startApp({ rateLimitPerMinute: 100_000 });
  owner = await ownerSession(app, 'owner@example.com');
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Back on the first onboarding step', () => {
  it('returns to the page before the onboarding', async () => {
    const page = await newPage(browser);
    await openAs(page, app, owner, '/surveys/restaurants');
    await page.goto(`${app.url}/onboard/${owner.restaurantId}/location`);
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
