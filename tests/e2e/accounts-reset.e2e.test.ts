/**
 * Password reset end to end: forgot → code from a real SMTP receiver → new password →
 * /login?reset=1 → sign in with the new password. Also the /reset screen on its own.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { codeFrom } from '../support/smtp-capture';
import { expectAccessible } from './axe';
import { newPage, screenshot, withMailingApp } from './harness';

const run = withMailingApp();
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 100 });

/** An owner who signed up with codes only (no password yet): the row the server itself makes. */
async function existingOwner(label: string): Promise<string> {
  const email = `owner.${label}.${Date.now()}@example.com`;
  await run.app.query("insert into users (email, first_name, last_name) values ($1, 'Ada', 'Lovelace')", [email]);
  return email;
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('password reset in Chromium', () => {
  it('forgot → emailed code → new password → /login?reset=1 → signs in with it', async () => {
    const email = await existingOwner('forgot');
    const page = await newPage(run.browser, { width: 375, height: 740 });
    await page.goto(`${run.app.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();

    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'forgot password, set a new password');
    await typeCode(page, codeFrom(await run.smtp.waitForMessage(email)));
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Reset password' }).click();

    await eventually(async () => expect(page.url()).toBe(`${run.app.url}/login?reset=1`));
    await page.getByText('Your password was changed. Sign in with your new password.').waitFor();
    await screenshot(page, 'accounts-login-after-reset-phone');
    await expectAccessible(page, 'login after a password reset');

    await signIn(page, email, 'a brand new password');
    await eventually(async () => expect(new URL(page.url()).pathname).toMatch(/^\/onboard\/\d+\/location$/));
  });

  it('keeps the session in this tab only when Remember me is off', async () => {
    const email = await existingOwner('remember');
    const page = await newPage(run.browser);
    await page.goto(`${run.app.url}/forgot`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await typeCode(page, codeFrom(await run.smtp.waitForMessage(email)));
    await page.getByLabel('New password', { exact: true }).fill('tab only password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await eventually(async () => expect(page.url()).toBe(`${run.app.url}/login?reset=1`));

    await page.getByRole('switch', { name: 'Remember me' }).uncheck();
    await signIn(page, email, 'tab only password');
    await eventually(async () => expect(new URL(page.url()).pathname).toMatch(/^\/onboard\/\d+\/location$/));
    const stored = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }));
    expect(stored.local).toBe(0);
    expect(stored.session).toBeGreaterThan(0);
  });

  it('the /reset screen refuses a wrong code with the server’s sentence and a mismatch with the spec’s', async () => {
    const email = await existingOwner('reset-screen');
    const page = await newPage(run.browser);
    await page.goto(`${run.app.url}/reset?email=${encodeURIComponent(email)}`);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await expectAccessible(page, 'reset password');
    await typeCode(page, '000000');
    await page.getByLabel('New password', { exact: true }).fill('long enough 1');
    await page.getByLabel('Confirm password', { exact: true }).fill('long enough 2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await expectAccessible(page, 'reset password, passwords do not match');

    await page.getByLabel('Confirm password', { exact: true }).fill('long enough 1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    // The server's sentence, once, under the code boxes.
    await page.getByText(/^This code is not (valid|correct)/).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/reset');
    await expectAccessible(page, 'reset password, code refused by the server');
  });

  it('signs in with a wrong password: the server’s sentence, nothing stored', async () => {
    const email = await existingOwner('wrong');
    const page = await newPage(run.browser);
    await page.goto(`${run.app.url}/login`);
    await signIn(page, email, 'not the password');
    await page.getByRole('alert').waitFor();
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  });
});
