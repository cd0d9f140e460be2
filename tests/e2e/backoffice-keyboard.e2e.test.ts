/**
 * The back office with the keyboard alone (issue 12, items 2, 3 and 6): the skip link, the phone
 * menu (Tab to the burger, Enter opens, Escape closes, closed links out of reach), and the frame
 * at 320 px for an owner and for an administrator with the restaurant picker.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { OWNER_SIDEBAR } from '../fixtures/backoffice/sidebar';
import { expectAccessible } from './axe';
import { superadminSession, type AdminSession } from './backoffice-server';
import { keptPage, newPage, screenshot } from './harness';
import { openAs, withOwnerApp, type OwnerSession } from './menu-session';

const run = withOwnerApp('keys-owner@example.com');
// The owner's tests each start from a fresh load of their screen: one page (one browser context)
// for them, resized to each test's width. The administrator, another person, has a page of their own.
const ownerPage = keptPage();
let admin: AdminSession;

beforeAll(async () => {
  admin = await superadminSession(run.app, 'keys-admin@example.com');
  // No restaurant chosen: the picker's longest state, with the rule for new rows under it.
  await run.app.query('update users set active_restaurant_id = null where id = $1', [admin.userId]);
});

const PHONE = { width: 375, height: 740 };

/** What has the focus, as a person would name it, and where it is. */
type Focused = { name: string; tag: string; id: string; inSidebar: boolean; expanded: string | null; top: number; bottom: number };

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const box = element.getBoundingClientRect();
    return {
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      tag: element.tagName.toLowerCase(),
      id: element.id,
      inSidebar: element.closest('#backoffice-navigation') !== null,
      expanded: element.getAttribute('aria-expanded'),
      top: box.top,
      bottom: box.bottom,
    };
  });

async function tab(page: Page): Promise<Focused> {
  await page.keyboard.press('Tab');
  return focused(page);
}

/** A fresh load of `path`, signed in, with the heading shown and nothing focused yet. */
async function load(page: Page, session: OwnerSession, path: string, heading: string) {
  await openAs(page, run.app, session, path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the back office with the keyboard alone', () => {
  it('starts with a skip link, shown when focused, that moves the focus to the content', async () => {
    const page = await ownerPage(run.browser);
    await load(page, run.owner, '/backoffice/coupons', 'Coupons');
    const skip = await tab(page);
    expect(skip).toMatchObject({ name: 'Skip to content', tag: 'a' });
    // Visible while it has the focus.
    expect(skip.top).toBeGreaterThanOrEqual(0);
    expect(skip.bottom).toBeGreaterThan(skip.top);
    await screenshot(page, 'backoffice-skip-link-1280');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });
    // The next Tab starts inside the content, not back in the header.
    expect((await tab(page)).inSidebar).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
  });

  it('opens the phone menu with Enter, reaches its links, closes it with Escape, and never reaches the closed menu', async () => {
    const page = await ownerPage(run.browser, PHONE);
    await load(page, run.owner, '/backoffice/coupons', 'Coupons');
    expect((await tab(page)).name).toBe('Skip to content');
    const burger = await tab(page);
    expect(burger).toMatchObject({ name: 'Open navigation', tag: 'button', expanded: 'false' });

    // Closed: a whole round of Tab never lands in the sidebar.
    const closedRound: Focused[] = [];
    for (let index = 0; index < 20; index += 1) closedRound.push(await tab(page));
    expect(closedRound.filter((stop) => stop.inSidebar)).toEqual([]);

    // Back to the burger from the top, then open.
    await load(page, run.owner, '/backoffice/coupons', 'Coupons');
    await tab(page);
    await tab(page);
    await page.keyboard.press('Enter');
    expect((await focused(page)).expanded).toBe('true');
    await expectAccessible(page, 'phone menu open', [PHONE.width]);
    await screenshot(page, 'backoffice-phone-menu-open-375');

    // Open: every link of the sidebar in order, after the header's Sign out.
    const stops: Focused[] = [];
    for (let index = 0; index < OWNER_SIDEBAR.length + 1; index += 1) stops.push(await tab(page));
    expect(stops[0]!.name).toBe('Sign out');
    expect(stops.slice(1).map((stop) => stop.name)).toEqual(OWNER_SIDEBAR);
    expect(stops.slice(1).every((stop) => stop.inSidebar)).toBe(true);

    await page.keyboard.press('Escape');
    expect(await focused(page)).toMatchObject({ name: 'Open navigation', expanded: 'false' });
    expect(await page.locator('#backoffice-navigation').getAttribute('inert')).not.toBeNull();
  });

  it('closes the phone menu when a link is chosen, and the chosen screen takes the focus', async () => {
    const page = await ownerPage(run.browser, PHONE);
    await load(page, run.owner, '/backoffice/coupons', 'Coupons');
    await tab(page);
    await tab(page);
    await page.keyboard.press('Enter');
    let stop = await tab(page);
    // Bounded: the sidebar has 13 links, so Reviews is well within 20 Tab presses.
    for (let presses = 1; stop.name !== 'Reviews' && presses < 20; presses += 1) {
      expect(stop.name, 'Reviews should be reachable').not.toBe('Media');
      stop = await tab(page);
    }
    expect(stop.name).toBe('Reviews');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', name: 'Reviews' });
    expect(await page.title()).toBe('Reviews · Back office · Tablefront');
    expect(await page.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#backoffice-navigation').getAttribute('inert')).not.toBeNull();
    expect(
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews', includeHidden: true }).getAttribute('aria-current'),
    ).toBe('page');
  });
});

describe('the back office at 320 px', () => {
  /** The header's controls are inside the screen and nothing scrolls sideways. */
  async function expectFits(page: Page, controls: string[]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    for (const name of controls) {
      const box = await page
        .getByRole('banner')
        .getByRole(name === 'Restaurant you work on' ? 'combobox' : 'button', { name })
        .boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(320);
    }
    expect(await page.getByRole('banner').getByText('Tablefront', { exact: true }).isVisible()).toBe(true);
  }

  it('fits an owner’s header and screen', async () => {
    const page = await ownerPage(run.browser, { width: 320, height: 640 });
    await load(page, run.owner, '/backoffice/coupons', 'Coupons');
    await expectFits(page, ['Open navigation', 'Sign out']);
    await screenshot(page, 'backoffice-owner-320');
  });

  it('fits an administrator’s header with the restaurant picker', async () => {
    const page = await newPage(run.browser, { width: 320, height: 640 });
    await load(page, admin, '/admin/territories', 'Territories');
    await expectFits(page, ['Open navigation', 'Restaurant you work on', 'Sign out']);
    // The header's rows do not spill over the content.
    const header = await page.getByRole('banner').boundingBox();
    const heading = await page.getByRole('heading', { level: 1, name: 'Territories' }).boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await screenshot(page, 'backoffice-admin-320');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'backoffice-admin-1280');
  });
});
