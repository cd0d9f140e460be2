/**
 * The same sign-up model as tests/views/leads/landing.view.test.tsx, driven through the built app
 * and the real server in Chromium. Nothing is answered in the browser: every request to the
 * sign-up endpoint is held there only until the model says how the server answers, then let
 * through unchanged. `server.accept` lets it through (and the row is then looked up in the
 * database). For `server.reject` the address has already used up its hourly sign-ups at the
 * server (rows put in the database while the request is held), so the real server refuses it
 * with its 429 and its own sentence; the client sends it again twice (429 is worth a retry) and
 * each attempt meets the same limit. The rows go once the refusal is back, so a later submit
 * gets through. The happy-dom runner's fake server answers a 400 naming the email field instead
 * (SIGNUP_VALUES.rejection): the real server has no such refusal for a body its contract takes.
 */
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LEGACY_MAX_RETRIES } from '#src/services/shared/legacy';
import { SIGNUP_VALUES, landingSignupModel, landingSignupModelMachine } from '../models/leads/landing-signup.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { notedBeforeEachEvent } from '../support/noted-executors';
import { expectAccessible } from './axe';
import { newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';
import { retype } from './retype';

const SUCCESS = "Thanks! We'll keep you posted.";
const PHONE = { width: 375, height: 740 };
/** The server's per-address hourly limit for these tests (server/domain/leads/messages.ts). */
const PER_EMAIL_PER_HOUR = 3;
/** The real server's refusal once the address is over it: the oldest sign-up is an hour from leaving the window. */
const TOO_OFTEN = 'This email address has signed up too often. Please try again in 60 minutes.';

type HeldRequest = { route: Route; request: Request };
type Driver = {
  page: Page;
  email: string;
  held: HeldRequest[];
  app: RunningApp;
  /** Sign-up requests the page has sent (each attempt, retries too), and how many just before the model's last event. */
  sent: { count: number; before: number };
  /** The ids of the address's stored sign-ups just before the model's last event. */
  storedBefore: number[];
};

let app: RunningApp;
let browser: Browser;
let nextEmail = 0;

/** An address no test has used: each path, and in a walk each `fill.valid`, types a new person's. */
function newAddress(): string {
  nextEmail += 1;
  return `owner${nextEmail}.${Date.now()}@example.com`;
}

beforeAll(async () => {
  // Every path signs up its own address; lift the per-minute limit so the paths do not trip it.
  app = await startApp({ signupLimitPerMinute: 1000, signupLimitPerEmailPerHour: PER_EMAIL_PER_HOUR });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openLanding(size = PHONE): Promise<Driver> {
  const page = await newPage(browser, size);
  const held: HeldRequest[] = [];
  const sent = { count: 0, before: 0 };
  await page.route('**/api/messages/', (route, request) => {
    sent.count += 1;
    held.push({ route, request });
  });
  await page.goto(`${app.url}/`);
  return { page, held, app, email: newAddress(), sent, storedBefore: [] };
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

/** Waits (bounded) for the client's next attempt, held at the browser. */
async function nextHeld(driver: Driver): Promise<HeldRequest> {
  await eventually(async () => expect(driver.held, 'exactly one sign-up request should be waiting').toHaveLength(1));
  return driver.held.shift()!;
}

/** Lets a held request through unchanged; the real server's status and body. */
async function letThrough({ route, request }: HeldRequest): Promise<{ status: number; body: string }> {
  await route.continue();
  const response = await request.response();
  if (!response) throw new Error(`${request.method()} ${request.url()} got no answer`);
  return { status: response.status(), body: await response.text() };
}

/** The ids of the address's stored sign-ups. */
async function storedIds(address: string): Promise<number[]> {
  const rows = await app.query('select id from messages where email = $1', [address]);
  return rows.map((row) => Number(row.id));
}

/** The address's hourly sign-ups, all used up at the server just now; answers the rows' ids. */
async function useUpSignups(address: string): Promise<number[]> {
  const rows = await app.query(`insert into messages (email, zip_code) select $1, $2 from generate_series(1, ${PER_EMAIL_PER_HOUR}) returning id`, [
    address,
    SIGNUP_VALUES.validZip,
  ]);
  return rows.map((row) => Number(row.id));
}

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent<Driver>(
    {
      'fill.valid': async (driver) => {
        // A walk types valid values again after a sign-up or a refusal: a new address each time, so
        // that the server's hourly count (and the wait its refusal names) is that person's alone.
        driver.email = newAddress();
        await retype(zip(driver.page), SIGNUP_VALUES.validZip);
        await retype(email(driver.page), driver.email);
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
        const first = takeHeld(driver);
        const arranged = await useUpSignups(driver.email);
        try {
          const answers = [await letThrough(first)];
          for (let retry = 0; retry < LEGACY_MAX_RETRIES; retry += 1) answers.push(await letThrough(await nextHeld(driver)));
          expect(answers.map(({ status }) => status)).toEqual([429, 429, 429]);
          expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 'rate_limited', detail: TOO_OFTEN });
        } finally {
          await app.query('delete from messages where id = any($1)', [arranged]);
        }
      },
      'form.reset': async ({ page }) => {
        await page.getByRole('button', { name: 'Sign up another address' }).click();
      },
    },
    async (driver) => {
      driver.sent.before = driver.sent.count;
      driver.storedBefore = await storedIds(driver.email);
    },
  ),
  states: {
    empty: ({ page, held, sent }) =>
      eventually(async () => {
        await expectValues(page, '', '');
        await expectQuiet(page);
        expect(held).toHaveLength(0);
        expect(sent.count).toBe(sent.before);
      }),
    valid: ({ page, email: address }) =>
      eventually(async () => {
        await expectValues(page, SIGNUP_VALUES.validZip, address);
        await expectQuiet(page);
      }),
    invalid: ({ page }) =>
      eventually(async () => {
        await expectValues(page, SIGNUP_VALUES.invalidZip, SIGNUP_VALUES.invalidEmail);
        await expectQuiet(page);
      }),
    refused: ({ page, held, sent }) =>
      eventually(async () => {
        expect(await zip(page).getAttribute('aria-invalid')).toBe('true');
        expect(await email(page).getAttribute('aria-invalid')).toBe('true');
        // The summary names the fields; the cursor is on the first.
        expect((await page.getByRole('alert').textContent())?.trim()).toBe('Check Zip code and Email.');
        expect(await zip(page).evaluate((input) => input === document.activeElement)).toBe(true);
        expect(await page.getByText(SIGNUP_VALUES.zipSentence, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByText(SIGNUP_VALUES.emailSentence, { exact: true }).isVisible()).toBe(true);
        expect(held).toHaveLength(0);
        expect(sent.count).toBe(sent.before);
      }),
    submitting: ({ page, held, sent, email: address }) =>
      eventually(async () => {
        expect(await notify(page).getAttribute('data-loading')).not.toBeNull();
        expect(await notify(page).isDisabled()).toBe(true);
        // An earlier refusal's alert is gone, so the next one is this attempt's.
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(held).toHaveLength(1);
        expect(sent.count).toBe(sent.before + 1);
        expect(held[0]!.request.postDataJSON()).toMatchObject({ zip_code: SIGNUP_VALUES.validZip, email: address });
      }),
    done: async ({ page, app: running, email: address, storedBefore }) => {
      await eventually(async () => {
        expect((await page.getByRole('status').textContent())?.trim()).toBe(SUCCESS);
      });
      // The step stored one sign-up for the address, and only that one.
      const rows = await running.query('select email, zip_code, status, user_agent from messages where email = $1 and id <> all($2)', [address, storedBefore]);
      expect(rows).toHaveLength(1);
      expect(await storedIds(address)).toHaveLength(storedBefore.length + 1);
      expect(rows[0]).toMatchObject({ email: address, zip_code: SIGNUP_VALUES.validZip, status: 'new' });
      expect(String(rows[0]!.user_agent)).toContain('Chrome');
    },
    failed: ({ page, email: address }) =>
      eventually(async () => {
        // The real server's sentence (not the happy-dom runner's SIGNUP_VALUES.rejection); it names no
        // field, so no field is marked and the cursor goes to the alert.
        expect((await page.getByRole('alert').textContent())?.trim()).toBe(TOO_OFTEN);
        expect(await page.getByRole('alert').evaluate((alert) => alert === document.activeElement)).toBe(true);
        expect(await email(page).getAttribute('aria-invalid')).not.toBe('true');
        expect(await zip(page).getAttribute('aria-invalid')).not.toBe('true');
        await expectValues(page, SIGNUP_VALUES.validZip, address);
        expect(await notify(page).isEnabled()).toBe(true);
      }),
  },
};

const cases = modelPathCases(landingSignupModel, executors);

describe('landing sign-up in Chromium: a walk that takes every transition of the model (375 px wide)', () => {
  for (const { title, run } of cases)
    it(title, async () => {
      await run(await openLanding());
    }, 120_000);
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
