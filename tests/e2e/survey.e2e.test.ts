/**
 * The operator survey in Chromium at phone width, against the built app and the real server:
 * every step answered (one of them with the keyboard alone), a reload half-way that loses
 * nothing, a refused email, a failed submission retried, and the answers found in the database
 * exactly once. Nothing is answered in the browser: the failed submission meets a database
 * made read-only at the server. axe checks every step, the refusal, the failure and the
 * thank-you (WCAG 2.2 A/AA at 1280 and 375 px); the layout is photographed at 1280, 375 and
 * 320 px.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from './axe';
import { newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';
import { cutOffControls } from './reflow';

const PHONE = { width: 375, height: 740 };
const SHOTS_DIR = '/tmp/shots';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // The failed submission's three 500s are logged with their whole stack; the test asserts them itself.
  app = await startApp({ logLevel: 'fatal' });
  browser = await openBrowser();
  await mkdir(SHOTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 50 });

/** The harness's screenshot, and a copy where a person reviewing the survey looks for them. */
async function shoot(page: Page, name: string) {
  const path = await screenshot(page, `survey-${name}`);
  await copyFile(path, `${SHOTS_DIR}/survey-${name}.png`);
}

async function expectStep(page: Page, step: number, title: string) {
  await eventually(async () => {
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(title);
    expect(await page.getByText(`Step ${step} of 8`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('survey-percent').textContent()).toBe(`${Math.round((step / 8) * 100)}%`);
  });
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const choose = (page: Page, role: 'radio' | 'checkbox', name: string) => page.getByRole(role, { name, exact: true }).click();
const checked = async (page: Page, role: 'radio' | 'checkbox', name: string) => page.getByRole(role, { name, exact: true }).getAttribute('aria-checked');

/** What the person below answers, as the server must store it. */
const EXPECTED = {
  business_name: 'Pizza Loco',
  role: 'Other',
  role_other: 'Co-founder',
  restaurant_types: ['Fast Casual', 'Ghost Kitchen'],
  pos_system: 'Toast',
  pos_satisfaction: 'Neutral',
  pos_painpoints: 'Menu changes take a day to reach the tablets.',
  ordering_devices: ['QR code menus', 'Kitchen display system (KDS)'],
  ordering_wishlist: 'Kiosks in Spanish.',
  delivery_apps: ['DoorDash', 'Other'],
  delivery_other: 'Waitr',
  white_label: 'ChowNow',
  delivery_frustrations: ['Commissions', 'Cold food', 'No customer data'],
  delivery_interests: ['All of the above'],
  staff_tools_used: ['Scheduling', 'Payroll'],
  staff_tools_text: 'Paper schedules.',
  ops_efficiency_text: 'Prep lists.',
  systems_used: ['None'],
  systems_feedback: 'Counts never match.',
  analytics_tracked: ['Food cost %', 'Labor cost %'],
  reports_needed: 'Profit per dish.',
  wish_fix_one: 'Delivery fees.',
  wish_feature: 'One tablet for every app.',
  early_access: true,
  contact_email: 'owner@pizzaloco.com',
};

describe('operator survey in Chromium (375 px wide)', () => {
  it('is answered step by step, survives a reload half-way, recovers from a failed send and is stored once', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${app.url}/surveys/restaurants`);

    // Step 1, with the keyboard alone: Tab to each target, Space to choose, Enter for Next.
    await expectStep(page, 1, 'About you and your restaurant');
    expect(await page.getByText('Takes 4 to 6 minutes').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    await page.getByLabel('Restaurant or business name').focus();
    await page.keyboard.type(EXPECTED.business_name);
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Other');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type(EXPECTED.role_other);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Fast Casual
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Ghost Kitchen
    await eventually(async () => expect(await checked(page, 'checkbox', 'Ghost Kitchen')).toBe('true'));
    await shoot(page, '1-about');
    await expectAccessible(page, 'survey step 1');
    await page.getByLabel('Your role, in your words').press('Enter');

    await expectStep(page, 2, 'Your point of sale');
    expect(await page.getByRole('radio').count()).toBe(15 + 5);
    await choose(page, 'radio', 'Toast');
    await choose(page, 'radio', 'Neutral');
    await page.getByLabel('What frustrates you most about it?').fill(EXPECTED.pos_painpoints);
    await shoot(page, '2-pos');
    await expectAccessible(page, 'survey step 2');
    await next(page);

    await expectStep(page, 3, 'Ordering in the restaurant');
    await choose(page, 'checkbox', 'QR code menus');
    await choose(page, 'checkbox', 'Kitchen display system (KDS)');
    await page.getByLabel('What would you add or change about how guests order?').fill(EXPECTED.ordering_wishlist);
    await shoot(page, '3-ordering');
    await expectAccessible(page, 'survey step 3');
    await next(page);

    await expectStep(page, 4, 'Delivery and online orders');
    await choose(page, 'checkbox', 'DoorDash');
    expect(await page.getByLabel('Which other delivery apps?').count()).toBe(0);
    await choose(page, 'checkbox', 'Other');
    await page.getByLabel('Which other delivery apps?').fill(EXPECTED.delivery_other);
    await choose(page, 'radio', 'ChowNow');
    await shoot(page, '4-delivery');
    await expectAccessible(page, 'survey step 4');

    // Half-way, the phone reloads the tab: same step, same answers.
    await page.reload();
    await expectStep(page, 4, 'Delivery and online orders');
    expect(await page.getByLabel('Which other delivery apps?').inputValue()).toBe(EXPECTED.delivery_other);
    expect(await checked(page, 'checkbox', 'DoorDash')).toBe('true');
    expect(await checked(page, 'radio', 'ChowNow')).toBe('true');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 1, 'About you and your restaurant');
    expect(await page.getByLabel('Restaurant or business name').inputValue()).toBe(EXPECTED.business_name);
    expect(await page.getByLabel('Your role, in your words').inputValue()).toBe(EXPECTED.role_other);
    for (let i = 0; i < 4; i += 1) await next(page);

    await expectStep(page, 5, 'What delivery costs you');
    for (const [index, text] of EXPECTED.delivery_frustrations.entries()) await page.getByLabel(`Frustration ${index + 1}`).fill(text);
    await choose(page, 'checkbox', 'Advanced loyalty program');
    // "All of the above" stands alone: ticking it clears the rest.
    await choose(page, 'checkbox', 'All of the above');
    expect(await checked(page, 'checkbox', 'Advanced loyalty program')).toBe('false');
    await shoot(page, '5-frustrations');
    await expectAccessible(page, 'survey step 5');
    await next(page);

    await expectStep(page, 6, 'Your team');
    await choose(page, 'checkbox', 'Scheduling');
    await choose(page, 'checkbox', 'Payroll');
    await page.getByLabel('Which tools, and how well do they work?').fill(EXPECTED.staff_tools_text);
    await page.getByLabel('Where does your team lose the most time?').fill(EXPECTED.ops_efficiency_text);
    await shoot(page, '6-team');
    await expectAccessible(page, 'survey step 6');
    await next(page);

    await expectStep(page, 7, 'Systems and numbers');
    await choose(page, 'checkbox', 'None');
    await page.getByLabel('What works, and what does not?').fill(EXPECTED.systems_feedback);
    await choose(page, 'checkbox', 'Food cost %');
    await choose(page, 'checkbox', 'Labor cost %');
    await page.getByLabel('Which reports do you wish you had?').fill(EXPECTED.reports_needed);
    await shoot(page, '7-systems');
    await expectAccessible(page, 'survey step 7');
    await next(page);

    await expectStep(page, 8, 'Last words');
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await page.getByLabel('If you could fix one thing in your operation tomorrow, what would it be?').fill(EXPECTED.wish_fix_one);
    await page.getByLabel('Which feature would make the biggest difference to you?').fill(EXPECTED.wish_feature);
    await choose(page, 'checkbox', 'Yes, I would like early access');

    // A malformed email is refused before sending: the focus lands on it and the summary names it.
    const email = page.getByRole('textbox', { name: 'Email to reach you' });
    await email.fill('owner@');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: 'Check Email to reach you.' }).waitFor();
    await eventually(async () => expect(await email.evaluate((input) => input === document.activeElement)).toBe(true));
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await shoot(page, '8-wishes-refused');
    await expectAccessible(page, 'survey step 8, email refused');

    await email.fill(EXPECTED.contact_email);
    expect(await page.getByRole('alert').count()).toBe(0);
    await shoot(page, '8-wishes');
    await expectAccessible(page, 'survey step 8');

    // The database turns read-only (as a standby does during a failover) for the first attempt
    // and both of the client's retries: the server cannot store the survey and answers its own 500.
    // PGlite has one session, the server's and the test's: the setting applies to the server's next transaction.
    const answers: number[] = [];
    const onResponse = (response: Response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/api/surveys/operator/')) answers.push(response.status());
    };
    page.on('response', onResponse);
    await app.query('set default_transaction_read_only = on');
    try {
      await page.getByRole('button', { name: 'Submit' }).click();
      await eventually(async () => {
        expect(await page.getByRole('alert').textContent()).toContain('HTTP Error: Something went wrong on our side. Please try again.');
      });
    } finally {
      await app.query('set default_transaction_read_only = off');
    }
    await eventually(async () => expect(answers).toEqual([500, 500, 500]));
    page.off('response', onResponse);
    expect(await page.getByLabel('Email to reach you').inputValue()).toBe(EXPECTED.contact_email);
    await shoot(page, '9-failed');
    await expectAccessible(page, 'survey, sending failed');
    expect(await app.query('select id from survey_responses')).toHaveLength(0);

    await page.getByRole('button', { name: 'Submit' }).click();
    await eventually(async () => {
      expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Thank you!');
    });
    expect(await page.getByTestId('survey-percent').textContent()).toBe('100%');
    await shoot(page, '10-thanked');
    await expectAccessible(page, 'survey, thank you');

    const rows = await app.query('select answers, contact_email, early_access, user_agent from survey_responses');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ answers: EXPECTED, contact_email: EXPECTED.contact_email, early_access: true });
    expect(String(rows[0]!.user_agent)).toContain('Chrome');

    // The server has the answers: the draft is gone, and the next visit starts afresh.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('survey')))).toEqual([]);
    await page.goto(`${app.url}/surveys/restaurants`);
    await expectStep(page, 1, 'About you and your restaurant');
    expect(await page.getByLabel('Restaurant or business name').inputValue()).toBe('');
  }, 420_000);

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
    ['320', { width: 320, height: 640 }],
  ] as const)('fits the %s screen without sideways scrolling, cut-off controls or targets too small for a thumb', async (name, size) => {
    const page = await newPage(browser, size);
    await page.goto(`${app.url}/surveys/restaurants`);
    await expectStep(page, 1, 'About you and your restaurant');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 2, 'Your point of sale');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(await cutOffControls(page)).toEqual([]);
    const targets = [...(await page.getByRole('radio').all()), page.getByRole('button', { name: 'Back' }), page.getByRole('button', { name: 'Next' })];
    for (const target of targets) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await shoot(page, `layout-${name}`);
  });
});
