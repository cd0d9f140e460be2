/**
 * The forgot-password model of tests/views/accounts/forgot.view.test.tsx, driven through the
 * built app in Chromium at phone width against the real server (PGlite in a temporary folder,
 * mail in its outbox). Nothing is answered in the browser: the forgot and reset calls are held
 * there only so that `requesting`, `resending` and `resetting` can be seen, then let through
 * unchanged. Each walk has its own address with an account; its codes are read from the outbox.
 * A walk goes on after sends and refusals, so each state compares the server with what it held
 * just before the step (for a step that sends, once the call's arrangement was made).
 * What a held call's answer depends on is arranged at the server while it is held:
 * - `request.accept`: the address's 60-second resend lock is over (its codes a minute older),
 *   so the server mails a new code (it answers the same sentence either way).
 * - `request.reject` on the request stage: a code was asked for the address from elsewhere
 *   moments ago, so the address's lock refuses (a later `request.accept` finds it over, as
 *   above). On a resend: this client has spent its per-minute budget for code requests. A walk
 *   with such a resend gets a server of its own with a budget of 3, so the other walks' budget is
 *   untouched; it ends there, since the budget stays spent for the rest of the minute. (The
 *   address's hourly cap, the third refusal, is the last test here: it needs five codes first.)
 * - `reset.reject`: the code's ten minutes are over.
 */
import type { Page, Route } from 'playwright-core';
import { API_BASE, paths } from '#contracts/shared/paths';
import { describe, expect, it, onTestFinished } from 'vitest';
import { FORGOT_VALUES as V, forgotModel } from '../models/accounts/forgot-password.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { notedBeforeEachEvent } from '../support/noted-executors';
import { auditedStates } from './accounts-audit';
import {
  SERVER_SENTENCES,
  UNLIMITED,
  answerHeld,
  callApi,
  codesExpire,
  codesIssuedTo,
  describedBy,
  eventually,
  lockOver,
  mailCount,
  mailedCode,
  makeAccount,
  newAddress,
  withOneMoreCode,
  type StoredCode,
} from './accounts-server';
import { newPage, startApp, withApp, type RunningApp } from './harness';
import { retype } from './retype';

/** The account's password before the reset. */
const OLD_PASSWORD = 'the forgotten password';
/** The screen's own sentences (src/machines/accounts/forgot-password.machine.ts). */
const CODE_SENT_NOTE = 'If an account uses this email, we sent it a 6-digit code.';
const CODE_RESENT_NOTE = 'We sent you a new code.';
/** Per-minute code requests of the server that walks with a refused resend get to themselves. */
const SMALL_BUDGET = 3;

const running = withApp(UNLIMITED);

type Driver = {
  page: Page;
  app: RunningApp;
  /** This path's own address, which has an account. */
  email: string;
  forgot: Route[];
  reset: Route[];
  /** Code requests the page has sent. */
  requests: number;
  /** The code typed (the newest in the outbox then). */
  code: string | null;
  /** Just before the model's last event, or before its call went through once arranged: the page's code requests, the server's codes and mail for the address. */
  before: { requests: number; codes: StoredCode[]; mails: number };
};

async function openForgot(app: RunningApp): Promise<Driver> {
  const email = newAddress('forgot');
  await makeAccount(app, email, OLD_PASSWORD);
  const page = await newPage(running.browser, { width: 375, height: 740 });
  const driver: Driver = { page, app, email, forgot: [], reset: [], requests: 0, code: null, before: { requests: 0, codes: [], mails: 0 } };
  await page.route(`**${API_BASE}${paths.auth.forgot}`, (route) => {
    driver.requests += 1;
    driver.forgot.push(route);
  });
  await page.route(`**${API_BASE}${paths.auth.reset}`, (route) => {
    driver.reset.push(route);
  });
  // The page's clock runs as usual; `lock.expire` runs its timers past the resend countdown at once.
  await page.clock.install();
  await page.goto(`${app.url}/forgot`);
  return driver;
}

const andAudit = auditedStates();

/** Whether `password` signs `email` in at the server. */
async function signsIn(app: RunningApp, email: string, password: string): Promise<boolean> {
  const { status } = await callApi(app, 'POST', paths.auth.login, { email, password });
  expect([200, 401]).toContain(status);
  return status === 200;
}

const email = (page: Page) => page.getByLabel('Email');
const boxValues = (page: Page) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((digit) => page.getByLabel(`Digit ${digit} of 6`).inputValue())).then((values) => values.join(''));
const newPassword = (page: Page) => page.getByLabel('New password', { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send code' });
const resetButton = (page: Page) => page.getByRole('button', { name: 'Reset password' });
const resendButton = (page: Page) => page.getByRole('button', { name: 'Resend' });

async function noteServer(driver: Driver) {
  driver.before = { requests: driver.requests, codes: await codesIssuedTo(driver.app, driver.email), mails: await mailCount(driver.app, driver.email) };
}

/** Lets the held call through once `arrange` is done, noting what the server then held: the state compares with it. */
const answer = (driver: Driver, routes: Route[], status: number, arrange?: () => Promise<unknown>) =>
  answerHeld(routes, status, arrange, () => noteServer(driver));

/** One more reset code was issued, and mailed after the answer; the earlier ones no longer work. */
async function expectOneMoreCode({ app, email: address, before }: Driver) {
  await mailedCode(app, address, before.mails + 1);
  expect(await mailCount(app, address)).toBe(before.mails + 1);
  expect(await codesIssuedTo(app, address)).toEqual(withOneMoreCode(before.codes, 'password_reset'));
}

/** A resend refused: this client asks codes for other addresses until the server refuses it too. */
async function spendBudget(app: RunningApp) {
  let status = 0;
  for (let call = 0; call <= SMALL_BUDGET && status !== 429; call += 1) {
    status = (await callApi(app, 'POST', paths.auth.forgot, { email: newAddress('someone.else') })).status;
  }
  expect(status).toBe(429);
}

/** A request refused: a code was asked for the address from elsewhere moments ago, and mailed. */
async function askedElsewhere({ app, email: address }: Driver) {
  const mails = await mailCount(app, address);
  expect((await callApi(app, 'POST', paths.auth.forgot, { email: address })).status).toBe(200);
  await mailedCode(app, address, mails + 1);
}

/** Whether the walk refuses a resend (the budget that refuses it stays spent for the minute). */
const refusesResend = (events: readonly string[]) => events.some((type, index) => type === 'request.reject' && events[index - 1] === 'code.resend');

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent(
    {
      'email.fill.valid': ({ page, email: address }) => retype(email(page), address),
      'email.fill.invalid': ({ page }) => retype(email(page), V.invalidEmail),
      'request.submit': ({ page }) => sendButton(page).click(),
      'request.accept': (driver) => answer(driver, driver.forgot, 200, () => lockOver(driver.app, driver.email)),
      'request.reject': async (driver) => {
        const resend = await driver.page.getByRole('heading', { name: 'Set a new password' }).isVisible();
        await answer(driver, driver.forgot, 429, () => (resend ? spendBudget(driver.app) : askedElsewhere(driver)));
      },
      'reset.fill': async (driver) => {
        driver.code = await mailedCode(driver.app, driver.email);
        await driver.page.getByLabel('Digit 1 of 6').click();
        await driver.page.keyboard.type(driver.code);
        await retype(newPassword(driver.page), V.password);
      },
      'reset.submit': ({ page }) => resetButton(page).click(),
      'reset.accept': (driver) => answer(driver, driver.reset, 200),
      'reset.reject': (driver) => answer(driver, driver.reset, 400, () => codesExpire(driver.app, driver.email)),
      'lock.expire': ({ page }) => page.clock.runFor('01:01'),
      'code.resend': ({ page }) => resendButton(page).click(),
      'step.back': ({ page }) => page.getByRole('button', { name: 'Use a different email' }).click(),
    },
    noteServer,
  ),
  states: {
    'request.blank': andAudit('forgot password', ({ page }) =>
      eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Forgot password' }).isVisible()).toBe(true);
        expect(await email(page).inputValue()).toBe('');
      }),
    ),
    'request.typed': ({ page, email: address }) =>
      eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Forgot password' }).isVisible()).toBe(true);
        expect(await email(page).inputValue()).toBe(address);
        expect(await email(page).getAttribute('aria-invalid')).not.toBe('true');
      }),
    'request.typedInvalid': ({ page }) => eventually(async () => expect(await email(page).inputValue()).toBe(V.invalidEmail)),
    'request.refused': andAudit('forgot password, email refused', (driver) =>
      eventually(async () => {
        expect(await describedBy(email(driver.page))).toBe('Please enter a valid email.');
        // Refused on the page: nothing sent.
        expect(driver.requests).toBe(driver.before.requests);
      }),
    ),
    'request.failed': andAudit('forgot password, request refused by the server', async ({ page, app, email: address, before }) => {
      await eventually(async () => {
        expect((await page.getByRole('alert').textContent())?.trim()).toMatch(SERVER_SENTENCES.codeAsked);
      });
      // No code for the page's request: only the one asked for elsewhere, before it came.
      expect(await codesIssuedTo(app, address)).toEqual(before.codes);
      expect(await mailCount(app, address)).toBe(before.mails);
    }),
    requesting: ({ page, forgot, email: address }) =>
      eventually(async () => {
        expect(await sendButton(page).getAttribute('data-loading')).not.toBeNull();
        expect(forgot).toHaveLength(1);
        expect(forgot[0]!.request().postDataJSON()).toEqual({ email: address });
        expect(forgot[0]!.request().headers().authorization).toBeUndefined();
      }),
    'reset.locked': andAudit('forgot password, set a new password', async (driver) => {
      const { page } = driver;
      await eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Set a new password' }).isVisible()).toBe(true);
        expect((await page.getByRole('status').textContent())?.trim()).toBe(CODE_SENT_NOTE);
        expect(await resendButton(page).isDisabled()).toBe(true);
        expect(await page.getByText(/^You can resend in \d:\d\d$/).isVisible()).toBe(true);
      });
      // The server issued a reset code and mails it after its answer.
      await expectOneMoreCode(driver);
    }),
    'reset.unlocked': ({ page }) =>
      eventually(async () => {
        expect(await resendButton(page).isEnabled()).toBe(true);
        expect(await page.getByText(/You can resend/).count()).toBe(0);
      }),
    'reset.refused': andAudit('forgot password, reset refused', ({ page, reset }) =>
      eventually(async () => {
        expect(await page.getByText('Enter the 6-digit code.', { exact: true }).isVisible()).toBe(true);
        expect(await describedBy(newPassword(page))).toContain('Password must be at least 8 characters.');
        expect(reset).toHaveLength(0);
      }),
    ),
    'reset.filled': ({ page, code }) =>
      eventually(async () => {
        expect(await boxValues(page)).toBe(code);
        expect(await newPassword(page).inputValue()).toBe(V.password);
      }),
    'reset.failed': andAudit('forgot password, code refused by the server', async ({ page, app, email: address }) => {
      await eventually(async () => {
        // The server's sentence once, under the field it names: no summary saying it again.
        expect(await page.getByText(SERVER_SENTENCES.codeExpired, { exact: true }).count()).toBe(1);
        expect(await page.getByRole('alert').count()).toBe(0);
      });
      // Refused: the password is the old one.
      expect(await signsIn(app, address, OLD_PASSWORD)).toBe(true);
    }),
    'reset.resent': async (driver) => {
      const { page, before } = driver;
      await eventually(async () => {
        expect(await page.getByText(CODE_RESENT_NOTE).isVisible()).toBe(true);
        expect(await resendButton(page).isDisabled()).toBe(true);
      });
      // One more code, mailed; the earlier ones no longer work.
      expect(before.codes.length).toBeGreaterThan(0);
      await expectOneMoreCode(driver);
    },
    'reset.resendFailed': andAudit('forgot password, resend refused', async ({ page, app, email: address, before }) => {
      await eventually(async () => {
        expect((await page.getByRole('alert').textContent())?.trim()).toMatch(SERVER_SENTENCES.tooManyRequests);
        expect(await page.getByRole('heading', { name: 'Set a new password' }).isVisible()).toBe(true);
        expect(await resendButton(page).isEnabled()).toBe(true);
      });
      // No new code.
      expect(await codesIssuedTo(app, address)).toEqual(before.codes);
      expect(await mailCount(app, address)).toBe(before.mails);
    }),
    resending: (driver) =>
      eventually(async () => {
        expect(driver.forgot).toHaveLength(1);
        expect(driver.forgot[0]!.request().postDataJSON()).toEqual({ email: driver.email });
        // Resend asked once more.
        expect(driver.requests).toBe(driver.before.requests + 1);
      }),
    resetting: ({ page, reset, email: address, code }) =>
      eventually(async () => {
        expect(await resetButton(page).getAttribute('data-loading')).not.toBeNull();
        expect(reset).toHaveLength(1);
        expect(reset[0]!.request().postDataJSON()).toEqual({ email: address, code, password: V.password });
      }),
    done: async ({ page, app, email: address }) => {
      await eventually(async () => expect(page.url()).toBe(`${app.url}/login?reset=1`));
      // The login screen opens with the address just reset (the URL keeps it out).
      await eventually(async () => expect(await email(page).inputValue()).toBe(address));
      // The server took the new password; the old one no longer works.
      expect(await signsIn(app, address, V.password)).toBe(true);
      expect(await signsIn(app, address, OLD_PASSWORD)).toBe(false);
    },
  },
};

describe('forgot password in Chromium against the real server: walks that take every transition of the model (375 px wide)', () => {
  for (const { title, run, events } of modelPathCases(forgotModel, executors))
    it(title, async () => {
      let app = running.app;
      if (refusesResend(events)) {
        app = await startApp({ authLimitPerMinute: SMALL_BUDGET });
        onTestFinished(() => app.stop());
      }
      await run(await openForgot(app));
    }, 120_000);
});

describe('forgot password for an address that had five codes in the hour (Chromium, real server)', () => {
  const CAPPED = /^Too many codes were asked for this address\. No code was sent\. Please try again in \d+ minutes\.$/;

  /** Five requests an hour, each past the minute's lock, as the owner would have made them; then the screen. */
  async function capped(address: string): Promise<Page> {
    for (let request = 0; request < 5; request += 1) {
      expect((await callApi(running.app, 'POST', paths.auth.forgot, { email: address })).status).toBe(200);
      await lockOver(running.app, address);
    }
    const page = await newPage(running.browser, { width: 320, height: 640 });
    await page.goto(`${running.app.url}/forgot`);
    await email(page).fill(address);
    await sendButton(page).click();
    return page;
  }

  it('says no code was sent and when to try again, on the request stage, the same with or without an account', async () => {
    const owner = newAddress('capped.owner');
    await makeAccount(running.app, owner, OLD_PASSWORD);
    const stranger = newAddress('capped.stranger');
    const sentences: string[] = [];
    for (const address of [owner, stranger]) {
      const page = await capped(address);
      await eventually(async () => expect((await page.getByRole('alert').textContent())?.trim()).toMatch(CAPPED));
      sentences.push((await page.getByRole('alert').textContent())!.trim());
      // Still the request stage: no "we sent it a code", no countdown for a code that never left.
      expect(await page.getByRole('heading', { name: 'Forgot password' }).isVisible()).toBe(true);
      expect(await page.getByText(/You can resend/).count()).toBe(0);
    }
    expect(await mailCount(running.app, owner)).toBe(5);
    expect(await mailCount(running.app, stranger)).toBe(0);
    expect(sentences[1]).toBe(sentences[0]);
  });
});
