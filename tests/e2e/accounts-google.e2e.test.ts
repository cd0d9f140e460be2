/**
 * Google sign-in end to end: the built app and the real server in Chromium, with a real OpenID
 * provider (oidc-provider) on 127.0.0.1 standing in for Google. The button starts the
 * authorisation-code flow (PKCE, state, nonce) on the server, the provider sends the browser
 * back to the server's callback, and /oauth/complete stores the tokens from the address hash
 * and strips them from the address.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/server-process';
import { startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';
import { expectAccessible } from './axe';
import { newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';

const GRACE = { sub: 'google-grace', email: 'grace@example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' };

let idp: OidcTestProvider;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  idp = await startOidcTestProvider({ user: GRACE });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  idp.allowRedirectUri(`${publicUrl}/api/v2/auth/social/google/callback/`);
  app = await startApp({
    port,
    publicUrl,
    googleClientId: idp.clientId,
    googleClientSecret: idp.clientSecret,
    oidcIssuer: idp.issuer,
  });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await idp?.close();
});

beforeEach(() => {
  idp.user = { ...GRACE };
  idp.consent = 'approve';
});

const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 100 });

describe('Google sign-in in Chromium', () => {
  it('creates the account on first use and lands a new owner on the onboarding location step', async () => {
    const page = await newPage(browser, { width: 375, height: 740 });
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await eventually(async () => expect(new URL(page.url()).pathname).toMatch(/^\/onboard\/\d+\/location$/));
    // The tokens came back in the hash of /oauth/complete; none of them stays in the address or history.
    expect(new URL(page.url()).hash).toBe('');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.values(stored).some((value) => value.split('.').length === 3)).toBe(true);

    const users = await app.query('select first_name, last_name, password_hash from users where email = $1', [GRACE.email]);
    expect(users).toEqual([{ first_name: 'Grace', last_name: 'Hopper', password_hash: null }]);
    await screenshot(page, 'accounts-google-landed-phone');
  });

  it('signs the same person in again without making a second account', async () => {
    const page = await newPage(browser);
    await page.goto(`${app.url}/register`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await eventually(async () => expect(new URL(page.url()).pathname).toMatch(/^\/onboard\/\d+\/location$/));
    expect(await app.query('select count(*)::int as n from users where email = $1', [GRACE.email])).toEqual([{ n: 1 }]);
  });

  it('says so, without signing anyone in, when the person refuses consent', async () => {
    idp.user = { ...GRACE, sub: 'google-refuser', email: 'refuser@example.com' };
    idp.consent = 'deny';
    const page = await newPage(browser);
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await page.getByText('Sign-in did not complete').waitFor();
    expect(new URL(page.url()).pathname).toBe('/oauth/complete');
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect(await app.query('select count(*)::int as n from users where email = $1', ['refuser@example.com'])).toEqual([{ n: 0 }]);
    await screenshot(page, 'accounts-google-refused-desktop');
    expect(await page.title()).toBe('Sign-in did not complete · Tablefront');
    await expectAccessible(page, 'Google sign-in refused');
  });
});
