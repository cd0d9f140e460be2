/**
 * The same sign-up model as tests/views/leads/landing.view.test.tsx, driven through the built app
 * and the real server in Chromium. Every request to the sign-up endpoint is held at the
 * browser until the model says how the server answers: `server.accept` lets it through to
 * the real server (and the row is then looked up in the database), `server.reject` answers
 * it with our API's 400 body.
 */
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SIGNUP_VALUES, landingSignupModel, landingSignupModelMachine } from '../models/leads/landing-signup.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { expectAccessible } from './axe';
import { fulfillChecked } from './checked-route';
import { newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';

const SUCCESS = "Thanks! We'll keep you posted.";
const PHONE = { width: 375, height: 740 };

type HeldRequest = { route: Route; request: Request };
type Driver = { page: Page; email: string; held: HeldRequest[]; app: RunningApp };

let app: RunningApp;
let browser: Browser;
let nextEmail = 0;

beforeAll(async () => {
  // Every path signs up its own address; lift the per-minute limit so the paths do not trip it.
  app = await startApp({ signupLimitPerMinute: 1000 });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openLanding(size = PHONE): Promise<Driver> {
  const page = await newPage(browser, size);
  const held: HeldRequest[] = [];
  await page.route('**/api/messages/', (route, request) => {
    held.push({ route, request });
  });
  await page.goto(`${app.url}/`);
  nextEmail += 1;
  return { page, held, app, email: `owner${nextEmail}.${Date.now()}@example.com` };
}

const zip = (page: Page) => page.getByLabel('Zip code');
const email = (page: Page) => page.getByLabel('Email');
const notify = (page: Page) => page.getByRole('button', { name: 'Notify me!' });

/** Retries an assertion until the page catches up (the browser renders asynchronously). */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 50 });

async function expectValues(page: Page, zipValue: string, emailValue: string) {
  expect(await zip(page).inputValue()).toBe(zipValue);
  expect(await email(page).inputValue()).toBe(emailValue);
}

async function expectQuiet(page: Page) {
  expect(await zip(page).getAttribute('aria-invalid')).not.toBe('true');
  expect(await email(page).getAttribute('aria-invalid')).not.toBe('true');
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await notify(page).getAttribute('data-loading')).toBeNull();
}

function takeHeld(driver: Driver): HeldRequest {
  expect(driver.held, 'exactly one sign-up request should be waiting').toHaveLength(1);
  return driver.held.shift()!;
}

/**
 * Clears, then types, as a person retyping a field does (and as the jsdom runner does).
 * A bare `fill` with the value already there fires no input event, so it would not be an edit.
 */
async function retype(field: ReturnType<Page['getByLabel']>, value: string) {
  await field.fill('');
  await field.fill(value);
}

const executors: PathExecutors<Driver> = {
  events: {
    'fill.valid': async ({ page, email: address }) => {
      await retype(zip(page), SIGNUP_VALUES.validZip);
      await retype(email(page), address);
    },
    'fill.invalid': async ({ page }) => {
      await retype(zip(page), SIGNUP_VALUES.invalidZip);
      await retype(email(page), SIGNUP_VALUES.invalidEmail);
    },
    'form.submit': async ({ page }) => {
      await notify(page).click();
    },
    'server.accept': async (driver) => {
      await takeHeld(driver).route.continue();
    },
    'server.reject': async (driver) => {
      await fulfillChecked(takeHeld(driver).route, { status: 400, json: SIGNUP_VALUES.rejection });
    },
    'form.reset': async ({ page }) => {
      await page.getByRole('button', { name: 'Sign up another address' }).click();
    },
  },
  states: {
    empty: ({ page, held }) => eventually(async () => {
      await expectValues(page, '', '');
      await expectQuiet(page);
      expect(held).toHaveLength(0);
    }),
    valid: ({ page, email: address }) => eventually(async () => {
      await expectValues(page, SIGNUP_VALUES.validZip, address);
      await expectQuiet(page);
    }),
    invalid: ({ page }) => eventually(async () => {
      await expectValues(page, SIGNUP_VALUES.invalidZip, SIGNUP_VALUES.invalidEmail);
      await expectQuiet(page);
    }),
    refused: ({ page, held }) => eventually(async () => {
      expect(await zip(page).getAttribute('aria-invalid')).toBe('true');
      expect(await email(page).getAttribute('aria-invalid')).toBe('true');
      // The summary names the fields; the cursor is on the first.
      expect((await page.getByRole('alert').textContent())?.trim()).toBe('Check Zip code and Email.');
      expect(await zip(page).evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await page.getByText(SIGNUP_VALUES.zipSentence, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(SIGNUP_VALUES.emailSentence, { exact: true }).isVisible()).toBe(true);
      expect(held).toHaveLength(0);
    }),
    submitting: ({ page, held, email: address }) => eventually(async () => {
      expect(await notify(page).getAttribute('data-loading')).not.toBeNull();
      expect(await notify(page).isDisabled()).toBe(true);
      expect(held).toHaveLength(1);
      expect(held[0]!.request.postDataJSON()).toMatchObject({ zip_code: SIGNUP_VALUES.validZip, email: address });
    }),
    done: async ({ page, app: running, email: address }) => {
      await eventually(async () => {
        expect((await page.getByRole('status').textContent())?.trim()).toBe(SUCCESS);
      });
      const rows = await running.query(
        'select email, zip_code, status, user_agent from messages where email = $1',
        [address],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: address, zip_code: SIGNUP_VALUES.validZip, status: 'new' });
      expect(String(rows[0]!.user_agent)).toContain('Chrome');
    },
    failed: ({ page, email: address }) => eventually(async () => {
      // The server's sentence, then the field it named, where the cursor goes.
      expect((await page.getByRole('alert').textContent())?.trim()).toBe(`${SIGNUP_VALUES.rejection.detail}Check Email.`);
      expect(await email(page).evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await page.getByText(SIGNUP_VALUES.rejection.fields.email, { exact: true }).isVisible()).toBe(true);
      await expectValues(page, SIGNUP_VALUES.validZip, address);
      expect(await notify(page).isEnabled()).toBe(true);
    }),
  },
};

const cases = modelPathCases(landingSignupModel, executors);

describe('landing sign-up in Chromium: every path of the model (375 px wide)', () => {
  for (const { title, run } of cases) it(title, async () => {
    await run(await openLanding());
  });
});

describe('landing page in Chromium', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
    ['narrowest phone', { width: 320, height: 640 }],
  ] as const)('fits the %s screen without sideways scrolling, cut-off controls, or targets too small for a thumb', async (name, size) => {
    const { page } = await openLanding(size);
    await notify(page).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    for (const target of [notify(page), zip(page), email(page), page.getByRole('link', { name: 'Login' }), page.getByRole('link', { name: 'Join' })]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      // Wholly on screen: nothing is cut off at the right edge.
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    }
    await screenshot(page, `landing-${name.replace(/ /g, '-')}`);
  });

  it('passes axe in every state the sign-up shows: the form, the fields to fix, the server’s refusal, the thanks', async () => {
    const driver = await openLanding({ width: 1280, height: 800 });
    const { page } = driver;
    // One walk through the model's states, with the same executors as the paths above.
    const act = (event: keyof typeof executors.events) => executors.events[event]!(driver, { type: event });
    const see = (state: keyof typeof executors.states) => executors.states[state]!(driver, createActor(landingSignupModelMachine).getSnapshot());
    await notify(page).waitFor();
    await expectAccessible(page, 'landing page');

    await act('fill.invalid');
    await act('form.submit');
    await see('refused');
    await expectAccessible(page, 'landing sign-up with fields to fix');
    await screenshot(page, 'landing-refused');

    await act('fill.valid');
    await act('form.submit');
    await see('submitting');
    await act('server.reject');
    await see('failed');
    await expectAccessible(page, 'landing sign-up refused by the server');
    await screenshot(page, 'landing-failed');

    await act('form.submit');
    await see('submitting');
    await act('server.accept');
    await see('done');
    await expectAccessible(page, 'landing sign-up thanks');
    await screenshot(page, 'landing-done');
    // Four states, each through axe at two widths.
  }, 150_000);
});
