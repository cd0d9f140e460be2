/**
 * Issue 13 in Chromium against the real server: three people sign up on the landing page, a
 * thousand older sign-ups are already stored, and an administrator works through them in the
 * inbox (filters, pages, a reload, Mark read, the CSV export of every page); an owner then sees
 * how many people asked around their restaurant, and nobody's address.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY } from '#contracts/onboarding';
import { grantStaff } from '#server/domain/accounts/users';
import { expectAccessible } from './axe';
import { keptPage, newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';
import { apiAs, openAs, ownerSession, type OwnerSession } from './menu-session';

const OLDER_SIGNUPS = 1000;
const LEADS = [
  { zip: '94107', email: 'ana@bistro.example' },
  { zip: '94110', email: 'ben@cafe.example' },
  { zip: '10001', email: 'cara@bistro.example' },
] as const;
const TOTAL = OLDER_SIGNUPS + LEADS.length;
const PHONE = { width: 375, height: 740 };

let app: RunningApp;
let browser: Browser;
// The administrator's screens, each opened by a fresh load: one page (one browser context) for them.
const adminPage = keptPage();
let admin: OwnerSession;
let owner: OwnerSession;

beforeAll(async () => {
  app = await startApp({ rateLimitPerMinute: 100_000, signupLimitPerMinute: 100 });
  // A thousand older sign-ups, a day and more ago, so the three of this test are the newest.
  await app.query(
    `insert into messages (email, zip_code, status, created_at)
     select 'lead' || n || '@older.example', lpad((10000 + n % 90)::text, 5, '0'), 'new', now() - interval '1 day' - n * interval '1 minute'
     from generate_series(1, $1::int) as n`,
    [OLDER_SIGNUPS],
  );
  admin = await ownerSession(app, 'staff@example.com');
  const [row] = await app.query('select id from users where email = $1', ['staff@example.com']);
  await grantStaff(app.database.db, Number(row!.id), { superadmin: true });
  owner = await ownerSession(app, 'owner@example.com');
  await apiAs(app, owner, 'PUT', `/onboarding/${owner.restaurantId}/delivery/`, {
    ...DEFAULT_DELIVERY,
    coverage_mode: 'zip',
    zip_codes: ['94107', '94110'],
  });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const footer = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function signUpOnLanding(page: Page, lead: (typeof LEADS)[number]) {
  await page.goto(`${app.url}/`);
  await page.getByLabel('Zip code').fill(lead.zip);
  await page.getByLabel('Email').fill(lead.email);
  await page.getByRole('button', { name: 'Notify me!' }).click();
  await page.getByText("Thanks! We'll keep you posted.").waitFor();
}

describe('the leads inbox', () => {
  it('takes three landing sign-ups, then filters, pages, marks one read and exports every page', async () => {
    const visitor = await newPage(browser, PHONE);
    for (const lead of LEADS) await signUpOnLanding(visitor, lead);

    const page = await adminPage(browser);
    await openAs(page, app, admin, '/admin/messages');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await footer(page, `Page 1 / ${Math.ceil(TOTAL / 25)} • ${TOTAL}`);
    // Newest first: the three sign-ups of this test head the list, the last one on top.
    const firstRows = await page.getByRole('row').nth(1).textContent();
    expect(firstRows).toContain(LEADS[2].email);
    expect(await page.getByRole('button', { name: 'Prev' }).isDisabled()).toBe(true);
    await screenshot(page, 'leads-inbox');
    await expectAccessible(page, 'messages inbox');

    // The email filter (any part, any case) goes back to page 1 and into the address.
    await page.getByRole('button', { name: 'Next' }).click();
    await footer(page, `Page 2 / ${Math.ceil(TOTAL / 25)} • ${TOTAL}`);
    await page.getByLabel('Email').fill('BISTRO');
    await footer(page, 'Page 1 / 1 • 2');
    await expect.poll(() => new URL(page.url()).searchParams.get('email')).toBe('BISTRO');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // A reload (or a shared link) shows the same page.
    await page.getByLabel('Email').fill('');
    await footer(page, `Page 1 / ${Math.ceil(TOTAL / 25)} • ${TOTAL}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await footer(page, `Page 3 / ${Math.ceil(TOTAL / 25)} • ${TOTAL}`);
    await page.reload();
    await footer(page, `Page 3 / ${Math.ceil(TOTAL / 25)} • ${TOTAL}`);

    // A bigger page size starts again at page 1.
    await page.getByLabel('Page size').selectOption('50');
    await footer(page, `Page 1 / ${Math.ceil(TOTAL / 50)} • ${TOTAL}`);

    // Mark read: offered only where the message is not read, and the list reloads.
    const ana = rowOf(page, LEADS[0].email);
    await ana.getByRole('button', { name: `Mark read: ${LEADS[0].email}` }).click();
    await expect.poll(async () => (await app.query('select status from messages where email = $1', [LEADS[0].email]))[0]?.status).toBe('read');
    await expect.poll(() => ana.getByRole('button', { name: /^Mark read/ }).count()).toBe(0);
    await expect.poll(() => ana.textContent()).toContain('read');

    await page.getByLabel('Status').selectOption('read');
    await footer(page, 'Page 1 / 1 • 1');
    await expectAccessible(page, 'messages inbox, read only');

    // The export holds every matching row, not the page on screen: here the one read message.
    const [readOnly] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(readOnly.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const readLines = (await readFile((await readOnly.path())!, 'utf8')).trim().split('\r\n');
    expect(readLines).toHaveLength(2);
    expect(readLines[1]).toContain(LEADS[0].email);

    await page.getByLabel('Status').selectOption({ label: 'All statuses' });
    await footer(page, `Page 1 / ${Math.ceil(TOTAL / 50)} • ${TOTAL}`);
    const [everything] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = (await readFile((await everything.path())!, 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines[0]).toMatch(/^id,created_at,email,zip_code,status/);
  });

  it('works at phone width', async () => {
    const page = await adminPage(browser, PHONE);
    await openAs(page, app, admin, '/admin/messages?page_size=10');
    await footer(page, `Page 1 / ${Math.ceil(TOTAL / 10)} • ${TOTAL}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await footer(page, `Page 2 / ${Math.ceil(TOTAL / 10)} • ${TOTAL}`);
    await screenshot(page, 'leads-inbox-phone');
    await expectAccessible(page, 'messages inbox at phone width', [375, 320]);
  });
});

describe('survey answers', () => {
  it('lists the answers newest first, reads one in full in a drawer, and exports them all', async () => {
    for (const answers of [
      { business_name: 'Bistro Uno', role: 'Owner', pos_system: 'Toast', wish_feature: 'Lower fees', early_access: true, contact_email: 'uno@bistro.example' },
      { business_name: 'Taco Dos', role: 'General Manager', pos_system: 'Clover' },
    ]) {
      const sent = await fetch(`${app.url}/api/surveys/operator/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(answers),
      });
      expect(sent.status).toBe(201);
    }
    const page = await adminPage(browser);
    await openAs(page, app, admin, '/admin/messages/surveys');
    await page.getByRole('heading', { name: 'Survey answers', level: 1 }).waitFor();
    expect(await page.getByRole('row').nth(1).textContent()).toContain('Taco Dos');

    await page.getByRole('button', { name: 'Bistro Uno' }).click();
    const drawer = page.getByRole('dialog', { name: 'Bistro Uno' });
    await drawer.waitFor();
    await expect.poll(() => drawer.textContent()).toContain('Lower fees');
    // The drawer slides in from the right: picture it once it is in place.
    await expect.poll(async () => (await page.getByRole('heading', { name: 'Bistro Uno' }).boundingBox())?.x ?? Infinity).toBeLessThan(800);
    await screenshot(page, 'leads-survey-answer');
    await expectAccessible(page, 'survey answer drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^survey-answers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('Bistro Uno');
  });
});

describe('local demand', () => {
  it('shows an owner how many asked in each zip code they deliver to, and no address', async () => {
    const page = await newPage(browser);
    await openAs(page, app, owner, '/backoffice/messages');
    await page.getByRole('heading', { name: 'Local demand', level: 1 }).waitFor();
    const zip94107 = page.getByRole('row').filter({ hasText: '94107' });
    await expect.poll(() => zip94107.textContent()).toMatch(/94107\D*1\D*1/);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const lead of LEADS) expect(text).not.toContain(lead.email);
    expect(text).not.toContain('@');
    await screenshot(page, 'leads-local-demand');
    await expectAccessible(page, 'local demand, owner');

    // The inbox itself is administrators' only.
    expect(await apiStatus('/api/messages/', owner)).toBe(403);
  });
});

async function apiStatus(path: string, session: OwnerSession): Promise<number> {
  return (await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${session.access}` } })).status;
}
