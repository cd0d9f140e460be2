/**
 * Registration end to end: the built app and the real server in Chromium, the code read from
 * a real SMTP receiver the test starts. Register → code from the email → profile → the
 * onboarding location step; the tokens are where Remember me says.
 */
import { describe, expect, it, vi } from 'vitest';
import { codeFrom } from '../support/smtp-capture';
import { newPage, screenshot, withMailingApp } from './harness';

const run = withMailingApp();
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 100 });

describe('registration in Chromium', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 740 }],
  ] as const)('registers with the emailed code and lands on the onboarding location step (%s)', async (name, size) => {
    const page = await newPage(run.browser, size);
    const email = `new.owner.${name}.${Date.now()}@example.com`;
    await page.goto(`${run.app.url}/register`);

    const join = page.getByRole('button', { name: 'Join' });
    await page.getByLabel('Email').fill(email);
    expect(await join.isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await join.click();

    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
    const message = await run.smtp.waitForMessage(email);
    const code = codeFrom(message);
    expect(code).toMatch(/^\d{6}$/);

    // Pasted the way a person copies it from a mail app: the digits spread over the boxes.
    await page.getByLabel('Digit 1 of 6').focus();
    await page.evaluate(
      (text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      `Your code: ${code.slice(0, 3)} ${code.slice(3)}`,
    );
    for (let index = 0; index < 6; index += 1) {
      expect(await page.getByLabel(`Digit ${index + 1} of 6`).inputValue()).toBe(code[index]);
    }
    await screenshot(page, `accounts-register-code-${name}`);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByRole('heading', { name: 'Join' }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: "Let's go" }).click();

    await eventually(async () => expect(new URL(page.url()).pathname).toMatch(/^\/onboard\/\d+\/location$/));
    // Registration keeps the person signed in (local storage), and nothing is left in the address.
    const stored = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(stored.local.length).toBeGreaterThan(0);
    const rows = await run.app.query('select first_name, last_name from users where email = $1', [email]);
    expect(rows).toEqual([{ first_name: 'Ada', last_name: 'Lovelace' }]);
  });
});
