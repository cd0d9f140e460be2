/**
 * The /reset screen's model of tests/views/accounts/reset.view.test.tsx, driven through the
 * built app in Chromium against the real server (PGlite in a temporary folder, mail in its
 * outbox). Each walk has its own address with an account, for which a reset code was asked
 * through the API (as from "Forgot password" on another device) and read from the outbox.
 * Nothing is answered in the browser: the reset call is held there only so that `saving` can be
 * seen, then let through unchanged; for `server.reject` the code's ten minutes are over
 * (arranged at the server while the call is held). `server.fail` is left to the happy-dom suite
 * (tests/views/accounts/reset.view.test.tsx): no real server can produce it (RESET_JSDOM_ONLY),
 * so the walk that ends with it stops here just before it, in `saving`. A walk goes on after a
 * refusal; each state checks only what its step changed (no call waits after a refused submit,
 * the server's password after its answer).
 */
import type { Page, Route } from 'playwright-core';
import { API_BASE, paths } from '#contracts/shared/paths';
import { describe, expect, it } from 'vitest';
import { RESET_JSDOM_ONLY as JSDOM_ONLY, RESET_VALUES as V, resetModel } from '../models/accounts/reset-password.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditedStates } from './accounts-audit';
import { SERVER_SENTENCES, UNLIMITED, answerHeld, callApi, codesExpire, describedBy, eventually, mailedCode, makeAccount, newAddress } from './accounts-server';
import { newPage, withApp } from './harness';
import { retype } from './retype';

/** The account's password before the reset. */
const OLD_PASSWORD = 'the forgotten password';

const running = withApp(UNLIMITED);

type Driver = { page: Page; email: string; code: string; reset: Route[] };

async function openReset(): Promise<Driver> {
  const email = newAddress('reset');
  await makeAccount(running.app, email, OLD_PASSWORD);
  expect((await callApi(running.app, 'POST', paths.auth.forgot, { email })).status).toBe(200);
  const code = await mailedCode(running.app, email);
  const page = await newPage(running.browser, { width: 375, height: 740 });
  const driver: Driver = { page, email, code, reset: [] };
  await page.route(`**${API_BASE}${paths.auth.reset}`, (route) => {
    driver.reset.push(route);
  });
  await page.goto(`${running.app.url}/reset`);
  return driver;
}

const andAudit = auditedStates();

/** Whether `password` signs `email` in at the server. */
async function signsIn(email: string, password: string): Promise<boolean> {
  const { status } = await callApi(running.app, 'POST', paths.auth.login, { email, password });
  expect([200, 401]).toContain(status);
  return status === 200;
}

const email = (page: Page) => page.getByLabel('Email');
const boxValues = (page: Page) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((digit) => page.getByLabel(`Digit ${digit} of 6`).inputValue())).then((values) => values.join(''));
const password = (page: Page) => page.getByLabel('New password', { exact: true });
const confirm = (page: Page) => page.getByLabel('Confirm password', { exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Reset password' });

async function fill({ page, email: address, code }: Driver, confirmation: string) {
  await retype(email(page), address);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await retype(password(page), V.password);
  await retype(confirm(page), confirmation);
}

const notReplayed = (event: keyof typeof JSDOM_ONLY) => () => {
  throw new Error(`Not replayed in Chromium: ${JSDOM_ONLY[event]}.`);
};

const executors: PathExecutors<Driver> = {
  events: {
    'fill.valid': (driver) => fill(driver, V.password),
    'fill.mismatch': (driver) => fill(driver, V.other),
    'form.submit': ({ page }) => submit(page).click(),
    'server.accept': ({ reset }) => answerHeld(reset, 200),
    'server.reject': ({ reset, email: address }) => answerHeld(reset, 400, () => codesExpire(running.app, address)),
    'server.fail': notReplayed('server.fail'),
  },
  states: {
    blank: andAudit('reset password', ({ page }) =>
      eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Reset password' }).isVisible()).toBe(true);
        expect(await email(page).inputValue()).toBe('');
        expect(await submit(page).isEnabled()).toBe(true);
      }),
    ),
    refusedBlank: andAudit('reset password, empty fields refused', ({ page, reset }) =>
      eventually(async () => {
        expect(await describedBy(email(page))).toBe('Please enter your email.');
        expect(await page.getByText('Enter the 6-digit code.', { exact: true }).isVisible()).toBe(true);
        expect(await describedBy(password(page))).toContain('Password must be at least 8 characters.');
        expect(reset).toHaveLength(0);
      }),
    ),
    mismatched: ({ page }) => eventually(async () => expect(await confirm(page).inputValue()).toBe(V.other)),
    refusedMismatch: andAudit('reset password, passwords do not match', ({ page, reset }) =>
      eventually(async () => {
        expect(await describedBy(confirm(page))).toBe('Passwords do not match.');
        expect(reset).toHaveLength(0);
      }),
    ),
    filled: ({ page, code }) =>
      eventually(async () => {
        expect(await boxValues(page)).toBe(code);
        expect(await page.getByText('Passwords do not match.').count()).toBe(0);
      }),
    saving: ({ page, reset, email: address, code }) =>
      eventually(async () => {
        expect(await submit(page).getAttribute('data-loading')).not.toBeNull();
        expect(reset).toHaveLength(1);
        expect(reset[0]!.request().postDataJSON()).toEqual({ email: address, code, password: V.password });
        expect(reset[0]!.request().headers().authorization).toBeUndefined();
      }),
    failed: andAudit('reset password, code refused by the server', async ({ page, email: address }) => {
      await eventually(async () => {
        // The server's sentence once, under the field it names: no summary saying it again.
        expect(await page.getByText(SERVER_SENTENCES.codeExpired, { exact: true }).count()).toBe(1);
        expect(await page.getByRole('alert').count()).toBe(0);
      });
      // Refused: the password is the old one.
      expect(await signsIn(address, OLD_PASSWORD)).toBe(true);
    }),
    failedSilently: notReplayed('server.fail'),
    done: async ({ page, email: address }) => {
      await eventually(async () => expect(page.url()).toBe(`${running.app.url}/login?reset=1`));
      // The server took the new password; the old one no longer works.
      expect(await signsIn(address, V.password)).toBe(true);
      expect(await signsIn(address, OLD_PASSWORD)).toBe(false);
    },
  },
};

const replayed = modelPathCases(resetModel, executors, { leftOut: Object.keys(JSDOM_ONLY) });

describe('reset password in Chromium against the real server: walks that take every transition of the model but JSDOM_ONLY (375 px wide)', () => {
  for (const { title, run } of replayed)
    it(title, async () => {
      await run(await openReset());
    }, 120_000);
});
