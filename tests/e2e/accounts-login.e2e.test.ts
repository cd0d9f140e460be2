/**
 * The login model of tests/views/login.view.test.tsx, driven through the built app in
 * Chromium. The sign-in calls are held at the browser until the model says how the server
 * answers: `credentials.*` answers /auth/login/, `signin.accept` lets the current user and
 * onboarding start through with a non-admin who has not launched yet.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_VALUES as V, loginModel } from '../models/accounts/login.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditEachStateOnce } from './accounts-audit';
import { fulfillChecked } from './checked-route';
import { newPage, openBrowser, startApp, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type Driver = { page: Page; login: Route[]; afterLogin: Route[] };

const ME = {
  id: 5, email: V.email, first_name: 'Ada', last_name: 'Lovelace', is_staff: false, is_superadmin: false,
  active_restaurant_id: 12, active_restaurant_name: 'Ada’s',
};

async function openLogin(): Promise<Driver> {
  const page = await newPage(browser, { width: 375, height: 740 });
  const driver: Driver = { page, login: [], afterLogin: [] };
  await page.route('**/api/v2/auth/login/', (route) => { driver.login.push(route); });
  await page.route(/\/api\/v2\/(auth\/me|onboarding)\//, (route) => { driver.afterLogin.push(route); });
  // The landing place after sign-in; its own calls are not this test's business.
  await page.goto(`${app.url}/login?next=${encodeURIComponent(V.destination)}`);
  return driver;
}

const audit = auditEachStateOnce();
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 50 });
const email = (page: Page) => page.getByLabel('Email');
const password = (page: Page) => page.getByLabel('Password', { exact: true });
const remember = (page: Page) => page.getByRole('switch', { name: 'Remember me' });
const loginButton = (page: Page) => page.getByRole('button', { name: 'Login' });

const executors: PathExecutors<Driver> = {
  events: {
    fill: async ({ page }) => {
      await email(page).fill(V.email);
      await password(page).fill(V.password);
    },
    'remember.off': ({ page }) => remember(page).uncheck(),
    'password.show': ({ page }) => page.getByRole('button', { name: 'Show or hide password' }).click(),
    'form.submit': ({ page }) => loginButton(page).click(),
    'credentials.accept': async (driver) => {
      await eventually(async () => expect(driver.login).toHaveLength(1));
      await fulfillChecked(driver.login.shift()!, { json: { access: 'header.payload.signature', refresh: 'opaque' } });
    },
    'credentials.reject': async (driver) => {
      await eventually(async () => expect(driver.login).toHaveLength(1));
      await fulfillChecked(driver.login.shift()!, { status: 401, json: { detail: V.rejection, code: 'invalid_credentials' } });
    },
    'signin.accept': async (driver) => {
      // Answer every call the sign-in makes (current user, onboarding start) as they come.
      await eventually(async () => {
        while (driver.afterLogin.length > 0) {
          const route = driver.afterLogin.shift()!;
          const url = route.request().url();
          await fulfillChecked(route, { json: url.includes('/auth/me/') ? ME : { id: 12, launched: false } });
        }
        expect(new URL(driver.page.url()).pathname).not.toBe('/login');
      });
    },
  },
  states: {
    blank: async ({ page }) => {
      await eventually(async () => {
        expect(await email(page).inputValue()).toBe('');
        expect(await remember(page).isChecked()).toBe(true);
      });
      await audit(page, 'login');
    },
    filled: ({ page }) => eventually(async () => {
      expect(await email(page).inputValue()).toBe(V.email);
      expect(await password(page).getAttribute('type')).toBe('password');
    }),
    forgetful: ({ page }) => eventually(async () => expect(await remember(page).isChecked()).toBe(false)),
    revealed: async ({ page }) => {
      await eventually(async () => expect(await password(page).getAttribute('type')).toBe('text'));
      await audit(page, 'login, password shown');
    },
    checking: ({ page, login }) => eventually(async () => {
      expect(login).toHaveLength(1);
      expect(login[0]!.request().postDataJSON()).toEqual({ email: V.email, password: V.password });
      expect(login[0]!.request().headers().authorization).toBeUndefined();
      expect(await loginButton(page).getAttribute('data-loading')).not.toBeNull();
    }),
    failed: async ({ page }) => {
      await eventually(async () => {
        expect((await page.getByRole('alert').textContent())?.trim()).toBe(V.rejection);
        expect(await email(page).inputValue()).toBe(V.email);
      });
      await audit(page, 'login, wrong password');
    },
    signingIn: ({ afterLogin }) => eventually(async () => expect(afterLogin.length).toBeGreaterThan(0)),
    done: ({ page }) => eventually(async () => {
      expect(new URL(page.url()).pathname).toBe(V.destination);
      // Remember me on: the session outlives the tab.
      expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    }),
  },
};

describe('login in Chromium: every path of the model (375 px wide)', () => {
  for (const { title, run } of modelPathCases(loginModel, executors)) it(title, async () => {
    await run(await openLogin());
  });
});
