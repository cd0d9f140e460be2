/**
 * Signed-in sessions in the real app: platform staff made with create-admin reach /admin, and
 * an access token that expires under an open page is renewed without the person noticing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/cli/create-admin';
import { newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';

const STAFF = { email: 'staff@example.com', password: 'correct horse battery' };
// Short-lived access tokens, so the test can outlive one.
// Long enough that a reload on a loaded machine is done before the renewed token expires in turn.
const ACCESS_TOKEN_TTL_SECONDS = 6;

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS });
  const quiet = { out: () => undefined, err: (line: string) => console.error(line) };
  expect(await createAdmin(['--email', STAFF.email, '--password', STAFF.password], app.database, quiet)).toBe(0);
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

let page: Page;

async function signIn(from: string) {
  await page.goto(`${app.url}${from}`);
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('signed-in sessions', () => {
  it('takes platform staff made with create-admin to /admin after signing in', async () => {
    page = await newPage(browser);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${app.url}/admin/menu`);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Territories' }).waitFor();
    await screenshot(page, 'admin-menu-desktop');
  });

  it('sends a signed-out visitor to /login and back to the page after signing in', async () => {
    page = await newPage(browser, { width: 375, height: 740 });
    await signIn('/admin/support');
    await page.waitForURL(`${app.url}/admin/support`);
    await page.getByText('Get help, documentation, and contact support.').waitFor();
    await screenshot(page, 'admin-support-phone');
  });

  it('renews an expired access token silently and keeps the person where they were', async () => {
    page = await newPage(browser);
    const renewals: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v2/auth/token/refresh/')) renewals.push(request.url());
    });
    // Each 401 is a failed request in the browser's console: an expired token must not earn one.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await signIn('/admin/notifications');
    await page.waitForURL(`${app.url}/admin/notifications`);
    await page.getByText('Configure push, email, and SMS notifications.').waitFor();

    // Let the access token the page holds now expire (by its own exp: on a slow machine signing
    // in may outlast a first token, which the app then renews, rightly), then reload: the app
    // reads the token's exp, renews once before the guard's current-user call and sends that
    // call with the new token.
    const expiresAt = await page.evaluate(() => {
      const token = sessionStorage.getItem('access_token') ?? localStorage.getItem('access_token') ?? '';
      return (JSON.parse(atob(token.split('.')[1] ?? '')) as { exp: number }).exp * 1000;
    });
    await page.waitForTimeout(Math.min(Math.max(0, expiresAt - Date.now()), ACCESS_TOKEN_TTL_SECONDS * 1000) + 1000);
    const before = await page.evaluate(() => sessionStorage.getItem('refresh_token') ?? localStorage.getItem('refresh_token'));
    renewals.length = 0;
    await page.reload();
    await page.getByText('Configure push, email, and SMS notifications.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/notifications');
    expect(renewals).toHaveLength(1);
    expect(refused).toEqual([]);
    const after = await page.evaluate(() => sessionStorage.getItem('refresh_token') ?? localStorage.getItem('refresh_token'));
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it('signs out from the shell and revokes the session', async () => {
    page = await newPage(browser);
    await signIn('/backoffice/coupons');
    // Staff may open the owners' back office too.
    await page.waitForURL(`${app.url}/backoffice/coupons`);
    const refresh = await page.evaluate(() => sessionStorage.getItem('refresh_token') ?? localStorage.getItem('refresh_token'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.url}/login`);
    const revoked = await app.query('select count(*)::int as n from refresh_tokens where revoked_at is not null');
    expect(Number(revoked[0]?.n)).toBeGreaterThan(0);
    const reuse = await fetch(`${app.url}/api/v2/auth/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    expect(reuse.status).toBe(401);
  });
});
