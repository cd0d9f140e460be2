/**
 * The onboarding model of tests/views/onboarding.view.test.tsx, driven through the built app
 * and the real server in Chromium at phone width. Each walk gets a fresh owner (made through
 * the real accounts API, code read from a real SMTP receiver); a walk goes on from step to step,
 * so each assertion compares with what the server held just before the step's event. Nothing is answered in the
 * browser: a call is at most held there (`page.route`), then let through unchanged, and what the
 * server's answer depends on is arranged at the server while it is held:
 * - About's refused save: the store URL another owner already has (no holding needed).
 * - Hours' refused save: the database turns read-only while the PUT is held (as a standby does
 *   during a failover), so the server answers its own 500; writable again once the answer is back.
 * - Additional's failed load: the features table cannot be read (renamed away, as a half-run
 *   migration would leave it) while the GET is held, so the server answers its own 500; it is
 *   back before the answer reaches the browser, and Try again loads the step.
 * - Contacts' slow load: the GET is held until the page is gone.
 * - Launch's refusal: the restaurant's saved location is removed while the launch is held, so the
 *   server refuses with its own 409 naming what is missing; the row is put back afterwards.
 * - Launch's acceptance after a walk that skipped the location or About (the server launches only
 *   with both saved; the model's launch does not depend on what was skipped): the missing steps
 *   are saved through the owner's API, as from another device, before Launch is pressed.
 * The happy-dom runner's fake server answers these in the model's words (REFUSALS); here the screens
 * show the real server's. The refusals and failures, which the full run of onboarding.e2e does
 * not reach, are checked by axe once each.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_ABOUT, DEFAULT_LOCATION } from '#contracts/onboarding';
import { API_BASE, paths } from '#contracts/shared/paths';
import { STEP_TITLES, onboardingModel } from '../models/onboarding/onboarding.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { codeFrom, startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { expectAccessible } from './axe';
import { newPage, openBrowser, screenshot, startApp, type RunningApp } from './harness';
import { rememberSession } from './menu-session';

let smtp: SmtpCapture;
let app: RunningApp;
let browser: Browser;

/** A store URL another restaurant already has. */
const TAKEN_SLUG = 'taken-by-someone';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Every path signs a new owner up from one address: the per-address limits would refuse most.
  app = await startApp({ smtpUrl: smtp.url, authLimitPerMinute: 10_000, rateLimitPerMinute: 100_000 });
  browser = await openBrowser();
  const other = await newOwner();
  await call('put', paths.onboarding.step(other.rid, 'about'), { name: 'First', about: '', slug: TAKEN_SLUG, logo_url: '' }, other.access);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 100 });

/** axe runs once per state in this file: many paths pass through the same refusal. */
const audited = new Set<string>();
async function auditOnce(page: Page, screen: string) {
  if (audited.has(screen)) return;
  audited.add(screen);
  await expectAccessible(page, screen);
}

async function call(method: 'post' | 'put', path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${app.url}${API_BASE}${path}`, {
    method: method.toUpperCase(),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

let owners = 0;
/** A new owner with a started onboarding, through the accounts API. */
async function newOwner(): Promise<{ access: string; refresh: string; rid: string }> {
  owners += 1;
  const email = `owner.${owners}.${Date.now()}@example.com`;
  await call('post', paths.auth.register, { email, accepted_terms: true });
  const verified = await call('post', paths.auth.verify, { email, code: codeFrom(await smtp.waitForMessage(email)) });
  const profile = await call(
    'post',
    paths.auth.profile,
    { email, first_name: 'Rosa', last_name: 'Marino', password: 'correct horse battery' },
    verified.access as string,
  );
  const access = (profile.access ?? verified.access) as string;
  const refresh = (profile.refresh ?? verified.refresh) as string;
  const started = await call('post', paths.onboarding.start, undefined, access);
  return { access, refresh, rid: String(started.id) };
}

type Driver = {
  page: Page;
  rid: string;
  /** The owner's access token, for what the walk arranges through the API. */
  access: string;
  slug: string;
  changed: Partial<Record<'about' | 'hours', () => Promise<void>>>;
  /** The real server's sentence when it refused the launch. */
  launchRefusal?: string;
  /** The steps the server held as saved just before the model's last event (a walk goes on after saves). */
  savedBefore: Record<string, boolean>;
};

async function openOnboarding(): Promise<Driver> {
  const owner = await newOwner();
  const page = await newPage(browser, { width: 375, height: 740 });
  await rememberSession(page, owner);
  await page.goto(`${app.url}/onboard/${owner.rid}/location`);
  return { page, rid: owner.rid, access: owner.access, slug: `pizza-${owner.rid}`, changed: {}, savedBefore: {} };
}

const stepOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) as keyof typeof STEP_TITLES;
/** The API address of one step of this owner's onboarding. */
const stepApi = (driver: Driver, step: string) => `**${API_BASE}${paths.onboarding.step(driver.rid, step)}`;
/** The server's sentence for a failure of its own (server/plugins/errors.ts). */
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/** Holds the page's next `method` call to `url` (and only that one); the others go through. */
async function holdNext(page: Page, url: string, method: string): Promise<Route[]> {
  const held: Route[] = [];
  let taken = false;
  await page.route(url, async (route) => {
    if (taken || route.request().method() !== method) return route.fallback();
    taken = true;
    held.push(route);
  });
  return held;
}

/**
 * Lets the one held call through unchanged once `arrange` has set up the server, and `restore`
 * undoes it once the answer is back; the server must answer `status`. Answers its body, parsed.
 */
async function letThrough(held: Route[], status: number, arrange: () => Promise<unknown>, restore: () => Promise<unknown>): Promise<Record<string, unknown>> {
  await eventually(async () => expect(held, 'exactly one call should be held').toHaveLength(1));
  const route = held.shift()!;
  const request = route.request();
  await arrange();
  onTestFinished(async () => {
    await restore();
  });
  try {
    await route.continue();
    const response = await request.response();
    if (!response) throw new Error(`${request.method()} ${request.url()} got no answer`);
    const body = await response.text();
    expect(response.status(), body).toBe(status);
    return JSON.parse(body) as Record<string, unknown>;
  } finally {
    await restore();
  }
}

async function setReadOnly(readOnly: boolean) {
  // PGlite has one session, the server's and this one: the setting applies to the server's next transaction.
  await app.query(`set default_transaction_read_only = ${readOnly ? 'on' : 'off'}`);
}
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function fill(page: Page, name: string, value: string) {
  const input = textbox(page, name);
  if ((await input.inputValue()) !== value) await input.fill(value);
}

async function setChecked(page: Page, role: 'switch' | 'checkbox', name: string, checked = true) {
  const input = page.getByRole(role, { name, exact: true });
  if ((await input.isChecked()) === checked) return;
  await page
    .locator(`label[for="${await input.getAttribute('id')}"]`)
    .first()
    .click();
  await eventually(async () => expect(await input.isChecked()).toBe(checked));
}

/** What the owner fills in on each step before Next, and how it shows when the step is seen again. */
const MARKERS = {
  location: {
    fill: async ({ page }: Driver) => {
      await fill(page, 'Zip code', '10012');
      await fill(page, 'City', 'New York');
      await fill(page, 'State', 'NY');
    },
    shown: async ({ page }: Driver) => expect(await textbox(page, 'City').inputValue()).toBe('New York'),
  },
  about: {
    fill: async ({ page, slug }: Driver) => {
      await fill(page, 'Restaurant name', 'Pizza Loco');
      await fill(page, 'Store URL', slug);
    },
    shown: async ({ page, slug }: Driver) => expect(await textbox(page, 'Store URL').inputValue()).toBe(slug),
  },
  delivery: {
    fill: ({ page }: Driver) => fill(page, 'Delivery estimate to (minutes)', '40'),
    shown: async ({ page }: Driver) => expect(await textbox(page, 'Delivery estimate to (minutes)').inputValue()).toBe('40'),
  },
  hours: {
    fill: ({ page }: Driver) => setChecked(page, 'switch', 'Monday open'),
    shown: async ({ page }: Driver) => expect(await page.getByRole('switch', { name: 'Monday open' }).isChecked()).toBe(true),
  },
  additional: {
    fill: ({ page }: Driver) => setChecked(page, 'checkbox', 'Vegan'),
    shown: async ({ page }: Driver) => expect(await page.getByRole('checkbox', { name: 'Vegan' }).isChecked()).toBe(true),
  },
  contacts: {
    fill: ({ page }: Driver) => fill(page, 'Restaurant phone', '212 555 0100'),
    shown: async ({ page }: Driver) => expect(await textbox(page, 'Restaurant phone').inputValue()).toBe('212 555 0100'),
  },
} as const;
type FormStep = keyof typeof MARKERS;

async function progress(rid: string): Promise<Record<string, boolean>> {
  const [row] = await app.query('select progress from onboardings where restaurant_id = $1', [Number(rid)]);
  return (row?.progress ?? {}) as Record<string, boolean>;
}

async function expectStep(driver: Driver, step: keyof typeof STEP_TITLES) {
  await eventually(async () => expect(new URL(driver.page.url()).pathname).toBe(`/onboard/${driver.rid}/${step}`));
  await driver.page.getByRole('heading', { level: 1, name: STEP_TITLES[step] }).waitFor();
  if (step !== 'launch') await eventually(async () => expect(await button(driver.page, 'Next').isEnabled()).toBe(true));
}

/** A step in view: its heading and address, no alert, and a step saved before shows its values. */
const formStep = (step: FormStep) => async (driver: Driver) => {
  await expectStep(driver, step);
  expect(await driver.page.getByRole('alert').count()).toBe(0);
  // A step saved before shows what was saved, unless a change made after a refused save shows instead.
  const change = step === 'about' || step === 'hours' ? driver.changed[step] : undefined;
  if (change) await change();
  else if ((await progress(driver.rid))[step]) await MARKERS[step].shown(driver);
};

/** A step shown without its form (loading, or failed to load): nothing to save, Skip and Back move. */
async function stepWithoutForm(driver: Driver, step: FormStep) {
  await eventually(async () => expect(new URL(driver.page.url()).pathname).toBe(`/onboard/${driver.rid}/${step}`));
  await driver.page.getByRole('heading', { level: 1, name: STEP_TITLES[step] }).waitFor();
  expect(await button(driver.page, 'Next').isDisabled()).toBe(true);
  expect(await button(driver.page, 'Skip').isEnabled()).toBe(true);
  expect(await button(driver.page, 'Back').isEnabled()).toBe(true);
  // The reload that got here saved nothing.
  expect(await progress(driver.rid)).toEqual(driver.savedBefore);
}

/**
 * The executors, each noting first which steps the server holds as saved (the assertions compare
 * with it). Next and a refused save fill the step's values again, so a change made after a
 * refused save is no longer what the step shows.
 */
function noted(events: PathExecutors<Driver>['events']): PathExecutors<Driver>['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, exec]) => [
      type,
      async (driver: Driver, event) => {
        driver.savedBefore = await progress(driver.rid);
        const step = stepOf(driver.page);
        if ((type === 'step.next' || type === 'save.refuse') && (step === 'about' || step === 'hours')) delete driver.changed[step];
        await exec(driver, event);
      },
    ]),
  );
}

const executors: PathExecutors<Driver> = {
  events: noted({
    'step.next': async (driver) => {
      await MARKERS[stepOf(driver.page) as FormStep].fill(driver);
      await button(driver.page, 'Next').click();
    },
    'step.skip': ({ page }) => button(page, 'Skip').click(),
    'step.back': ({ page }) => button(page, 'Back').click(),
    'save.refuse': async (driver) => {
      const step = stepOf(driver.page) as FormStep;
      if (step === 'about') {
        await fill(driver.page, 'Restaurant name', 'Pizza Loco');
        await fill(driver.page, 'Store URL', TAKEN_SLUG);
        // Refused, the typed store URL stays this step's draft: shown when the walk comes back, until Next saves another.
        driver.changed.about = async () => expect(await textbox(driver.page, 'Store URL').inputValue()).toBe(TAKEN_SLUG);
      } else {
        const held = await holdNext(driver.page, stepApi(driver, step), 'PUT');
        await MARKERS[step].fill(driver);
        await button(driver.page, 'Next').click();
        const body = await letThrough(
          held,
          500,
          () => setReadOnly(true),
          () => setReadOnly(false),
        );
        expect(body).toMatchObject({ code: 'internal', detail: SERVER_FAULT });
        return;
      }
      await button(driver.page, 'Next').click();
    },
    'step.edit': async (driver) => {
      const { page } = driver;
      if (stepOf(page) === 'about') {
        await fill(page, 'Store URL', driver.slug);
        driver.changed.about = async () => {
          expect(await textbox(page, 'Store URL').inputValue()).toBe(driver.slug);
          expect(await textbox(page, 'Store URL').getAttribute('aria-invalid')).not.toBe('true');
        };
        return;
      }
      await setChecked(page, 'switch', 'Tuesday open', false);
      driver.changed.hours = async () => {
        expect(await page.getByRole('switch', { name: 'Tuesday open' }).isChecked()).toBe(false);
        expect(await page.getByRole('switch', { name: 'Monday open' }).isChecked()).toBe(true);
      };
    },
    'reload.fail': async (driver) => {
      expect(stepOf(driver.page)).toBe('additional');
      const held = await holdNext(driver.page, stepApi(driver, 'additional'), 'GET');
      await driver.page.reload();
      const body = await letThrough(
        held,
        500,
        () => app.query('alter table restaurant_features rename to restaurant_features_away'),
        () => app.query('alter table if exists restaurant_features_away rename to restaurant_features'),
      );
      expect(body).toMatchObject({ code: 'internal', detail: SERVER_FAULT });
    },
    'reload.slow': async (driver) => {
      // The step's answer is held until the page is gone.
      await driver.page.route(stepApi(driver, stepOf(driver.page)), () => {}, { times: 1 });
      await driver.page.reload();
    },
    'load.retry': ({ page }) => page.getByRole('alert').getByRole('button', { name: 'Try again', exact: true }).click(),
    'launch.refuse': async (driver) => {
      const held = await holdNext(driver.page, `**${API_BASE}${paths.onboarding.launch(driver.rid)}`, 'POST');
      await button(driver.page, 'Launch').click();
      let saved: unknown;
      const body = await letThrough(
        held,
        409,
        async () => {
          const [row] = await app.query('delete from restaurant_locations where restaurant_id = $1 returning to_jsonb(restaurant_locations.*) as row', [
            Number(driver.rid),
          ]);
          saved = row?.row;
        },
        async () => {
          if (saved === undefined) return;
          await app.query('insert into restaurant_locations select * from jsonb_populate_record(null::restaurant_locations, $1)', [saved]);
          saved = undefined;
        },
      );
      expect(body).toMatchObject({ code: 'onboarding_incomplete', detail: expect.stringMatching(/^Before launching, please save the location/) });
      driver.launchRefusal = body.detail as string;
    },
    'launch.accept': async (driver) => {
      const saved = await progress(driver.rid);
      if (!saved.location) {
        await call(
          'put',
          paths.onboarding.step(driver.rid, 'location'),
          { ...DEFAULT_LOCATION, zip_code: '10012', city: 'New York', state: 'NY' },
          driver.access,
        );
      }
      if (!saved.about) {
        await call('put', paths.onboarding.step(driver.rid, 'about'), { ...DEFAULT_ABOUT, name: 'Pizza Loco', slug: driver.slug }, driver.access);
      }
      await button(driver.page, 'Launch').click();
    },
  }),
  states: {
    location: formStep('location'),
    'about.editing': formStep('about'),
    'about.saveFailed': async ({ page, rid, savedBefore }) => {
      const alert = page.getByRole('alert').filter({ hasText: "We couldn't save this step" });
      await alert.waitFor();
      expect(await textbox(page, 'Restaurant name').inputValue()).toBe('Pizza Loco');
      expect(await textbox(page, 'Store URL').inputValue()).toBe(TAKEN_SLUG);
      expect(await textbox(page, 'Store URL').getAttribute('aria-invalid')).toBe('true');
      // The field the server named has the focus, and the alert names it.
      await eventually(async () => expect(await textbox(page, 'Store URL').evaluate((input) => input === document.activeElement)).toBe(true));
      expect(await alert.textContent()).toContain('Check Store URL.');
      // Refused: nothing saved by it.
      expect(await progress(rid)).toEqual(savedBefore);
      await screenshot(page, 'onboarding-about-refused-phone');
      await auditOnce(page, 'onboarding about, save refused');
    },
    delivery: formStep('delivery'),
    'hours.editing': formStep('hours'),
    'hours.saveFailed': async ({ page, rid, savedBefore }) => {
      const alert = page.getByRole('alert').filter({ hasText: "We couldn't save this step" });
      await alert.waitFor();
      // The real server's sentence (the happy-dom runner's fake server says REFUSALS.unavailable).
      expect(await alert.textContent()).toContain(SERVER_FAULT);
      expect(await page.getByRole('switch', { name: 'Monday open' }).isChecked()).toBe(true);
      expect(await progress(rid)).toEqual(savedBefore);
      expect(await button(page, 'Next').isEnabled()).toBe(true);
      await auditOnce(page, 'onboarding hours, save failed');
    },
    'additional.editing': formStep('additional'),
    'additional.loadFailed': async (driver) => {
      const alert = driver.page.getByRole('alert').filter({ hasText: "We couldn't load this step" });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(SERVER_FAULT);
      await stepWithoutForm(driver, 'additional');
      expect(await driver.page.getByRole('checkbox', { name: 'Vegan' }).count()).toBe(0);
      await auditOnce(driver.page, 'onboarding additional, load failed');
    },
    'contacts.editing': formStep('contacts'),
    'contacts.loading': async (driver) => {
      await driver.page.getByLabel('Loading this step').waitFor();
      await stepWithoutForm(driver, 'contacts');
      expect(await driver.page.getByRole('alert').count()).toBe(0);
    },
    'launch.ready': async (driver) => {
      await expectStep(driver, 'launch');
      await driver.page.getByText(/authorised to represent this restaurant/).waitFor();
      expect(await driver.page.getByRole('alert').count()).toBe(0);
      // Not launched: the server has no launch of this restaurant.
      const [row] = await app.query('select launched_at is null as waiting from onboardings where restaurant_id = $1', [Number(driver.rid)]);
      expect(row).toEqual({ waiting: true });
    },
    'launch.refused': async ({ page, launchRefusal }) => {
      // The real server's sentence, naming what is missing (the happy-dom runner's says REFUSALS.launch).
      expect(launchRefusal).toBeDefined();
      await page.getByRole('alert').filter({ hasText: launchRefusal! }).waitFor();
      expect(await button(page, 'Launch').isEnabled()).toBe(true);
      await screenshot(page, 'onboarding-launch-refused-phone');
      await auditOnce(page, 'onboarding launch, refused');
    },
    launched: async ({ page, rid }) => {
      // Launch leads to the back office (issue 40), not to the landing page.
      await eventually(async () => expect(new URL(page.url()).pathname).toBe('/backoffice/dashboard'));
      const [row] = await app.query('select launched_at is not null as launched from onboardings where restaurant_id = $1', [Number(rid)]);
      expect(row).toEqual({ launched: true });
    },
  },
};

describe('onboarding model walks in Chromium', () => {
  for (const { title, run } of modelPathCases(onboardingModel, executors))
    it(title, async () => {
      await run(await openOnboarding());
    }, 150_000);
});
