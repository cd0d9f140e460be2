/**
 * The keyboard alone, in Chromium against the real server: login with errors, and registration
 * through the six code boxes with the code from the captured mail. No clicks: Tab, Enter,
 * Space, the arrows, Backspace, typing and the paste shortcut.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { codeFrom } from '../support/smtp-capture';
import { expectAccessible } from './axe';
import { newPage, withMailingApp } from './harness';

const run = withMailingApp();
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 100 });

type Focused = { name: string; inMain: boolean; invalid: string | null; description: string; value: string };

/** What has the focus: its role and accessible name as Chromium computes them, its state, description and value. */
async function focused(page: Page): Promise<Focused> {
  const details = await page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const described = (element?.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return {
      inMain: Boolean(element?.closest('main')),
      invalid: element?.getAttribute('aria-invalid') ?? null,
      description: described.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' '),
      value: element?.value ?? '',
    };
  });
  const snapshot = (await page.locator(':focus').count()) === 1 ? await page.locator(':focus').ariaSnapshot() : '';
  // '- textbox "Digit 1 of 6" [invalid]' → 'textbox "Digit 1 of 6"': the state is asserted on its own.
  const [, role = '', name = ''] = /^- (\w+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot) ?? [];
  return { name: `${role} "${name}"`, ...details };
}

/** Presses `key` until `name` has the focus; fails after `limit` presses. */
async function pressUntil(page: Page, key: 'Tab' | 'Shift+Tab', name: string | RegExp, limit = 20): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(key);
    const now = (await focused(page)).name;
    if (typeof name === 'string' ? now === name : name.test(now)) return;
  }
  throw new Error(`${String(name)} never got the focus after ${limit} presses of ${key}.`);
}

const boxValues = (page: Page) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((digit) => page.getByLabel(`Digit ${digit} of 6`).inputValue())).then((values) => values.join(''));

describe('accounts with the keyboard alone (Chromium, real server)', () => {
  it('login: the card’s Tab order, Enter submits, the focus lands on the field in error, described by its error', async () => {
    const page = await newPage(run.browser, { width: 375, height: 740 });
    await page.goto(`${run.app.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    const stops: string[] = [];
    for (let press = 0; press < 20 && stops.at(-1) !== 'link "Join"'; press += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now.inMain) stops.push(now.name);
    }
    // The disabled Apple and Facebook buttons are skipped; the password's show/hide button is a stop.
    expect(stops).toEqual([
      'link "Continue with Google"',
      'textbox "Email"',
      'textbox "Password"',
      'button "Show or hide password"',
      'switch "Remember me"',
      'link "Forgot password?"',
      'button "Login"',
      'link "Join"',
    ]);

    // Enter in the empty password field submits; the server names the address.
    await pressUntil(page, 'Shift+Tab', 'textbox "Password"');
    await page.keyboard.press('Enter');
    await eventually(async () =>
      expect(await focused(page)).toMatchObject({ name: 'textbox "Email"', invalid: 'true', description: 'Please enter a valid email.' }),
    );
    // One field in error: its own sentence is the one message (no summary alert saying it again).
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'login, empty fields refused');

    // A wrong password: no field is to blame, so the alert takes the focus.
    await page.keyboard.type(`nobody.${Date.now()}@example.com`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await eventually(async () => {
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Email or password is incorrect.');
    });
    expect((await focused(page)).invalid).toBeNull();
  });

  it('registration: types, corrects with Backspace, pastes and submits the code with Enter in the six boxes', async () => {
    const page = await newPage(run.browser, { width: 375, height: 740 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.app.url });
    const email = `keyboard.owner.${Date.now()}@example.com`;
    await page.goto(`${run.app.url}/register`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();

    await pressUntil(page, 'Tab', 'textbox "Email"');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toMatch(/^checkbox "I am at least 18 years old/);
    await page.keyboard.press('Space');
    await pressUntil(page, 'Tab', 'button "Join"');
    await page.keyboard.press('Enter');

    // The code step is a new page: its heading has the focus, the next Tab is the first box.
    await eventually(async () => expect((await focused(page)).name).toBe('heading "Check Your Email"'));
    expect(await page.title()).toBe('Check Your Email · Tablefront');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('textbox "Digit 1 of 6"');
    const code = codeFrom(await run.smtp.waitForMessage(email));

    // Three digits and Enter: refused here, the focus back on the first box, described by the sentence.
    await page.keyboard.type(code.slice(0, 3));
    expect((await focused(page)).name).toBe('textbox "Digit 4 of 6"');
    await page.keyboard.press('Enter');
    await eventually(async () =>
      expect(await focused(page)).toMatchObject({ name: 'textbox "Digit 1 of 6"', invalid: 'true', description: 'Enter the 6-digit code.' }),
    );

    // Backspace in an empty box deletes the digit before it and moves there: one press, one digit.
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toBe('textbox "Digit 4 of 6"');
    await page.keyboard.press('Backspace');
    expect(await boxValues(page)).toBe(code.slice(0, 2));
    expect((await focused(page)).name).toBe('textbox "Digit 3 of 6"');
    await page.keyboard.press('Backspace');
    expect(await boxValues(page)).toBe(code.slice(0, 1));
    expect((await focused(page)).name).toBe('textbox "Digit 2 of 6"');

    // A wrong last digit and Enter: the server refuses it and its sentence describes the boxes.
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    await page.keyboard.type(wrong.slice(1));
    expect(await boxValues(page)).toBe(wrong);
    await page.keyboard.press('Enter');
    await eventually(async () =>
      expect(await focused(page)).toMatchObject({ name: 'textbox "Digit 1 of 6"', invalid: 'true', description: 'This code is not correct. 4 tries left.' }),
    );

    // The code pasted as the mail shows it, into the third box: all six boxes take it.
    await page.evaluate((text) => navigator.clipboard.writeText(text), `Your code: ${code.slice(0, 3)} ${code.slice(3)}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ControlOrMeta+V');
    await eventually(async () => expect(await boxValues(page)).toBe(code));
    expect((await focused(page)).name).toBe('textbox "Digit 6 of 6"');
    await page.keyboard.press('Enter');

    await eventually(async () => expect((await focused(page)).name).toBe('heading "Join"'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lovelace');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('textbox "Password"');
    await page.keyboard.type('correct horse battery');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(new URL(page.url()).pathname).toMatch(/^\/onboard\/\d+\/location$/));
    expect(await run.app.query('select first_name, last_name from users where email = $1', [email])).toEqual([{ first_name: 'Ada', last_name: 'Lovelace' }]);
  });
});
