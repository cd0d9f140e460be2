/**
 * The login model of tests/views/accounts/login.view.test.tsx, driven through the built app in Chromium
 * against the real server (PGlite in a temporary folder). Nothing is answered in the browser:
 * the sign-in calls are held at the browser only so that `checking` and `signingIn` can be seen,
 * then let through unchanged. What the server answers comes from what it holds: for
 * `credentials.accept` the address has an account with the typed password, for
 * `credentials.reject` an account with another one (arranged while the call is held). Each walk
 * has its own address; the first walk signs in with Remember me turned off.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGIN_VALUES as V, loginModel } from '../models/accounts/login.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditEachStateOnce } from './accounts-audit';
import { SERVER_SENTENCES, UNLIMITED, eventually, letThrough, makeAccount, newAddress, nextHeld, pageSession } from './accounts-server';
import { newPage, withApp } from './harness';

const running = withApp(UNLIMITED);

type Driver = {
  page: Page;
  /** This walk's own address. */
  email: string;
  login: Route[];
  /** The current user and onboarding start that sign-in makes, held until `signin.accept`. */
  afterLogin: Route[];
  signInReleased: boolean;
  /** What the server answered the login with. */
  issued: { access: string } | null;
  /** Whether Remember me is on (it is at the start). */
  remembered: boolean;
};

async function openLogin(): Promise<Driver> {
  const page = await newPage(running.browser, { width: 375, height: 740 });
  const driver: Driver = { page, email: newAddress('login'), login: [], afterLogin: [], signInReleased: false, issued: null, remembered: true };
  await page.route('**/api/v2/auth/login/', (route) => {
    driver.login.push(route);
  });
  await page.route(/\/api\/v2\/(auth\/me|onboarding)\//, async (route) => {
    if (driver.signInReleased) await route.continue();
    else driver.afterLogin.push(route);
  });
  await page.goto(`${running.app.url}/login?next=${encodeURIComponent(V.destination)}`);
  return driver;
}

const audit = auditEachStateOnce();
const email = (page: Page) => page.getByLabel('Email');
const password = (page: Page) => page.getByLabel('Password', { exact: true });
const remember = (page: Page) => page.getByRole('switch', { name: 'Remember me' });
const loginButton = (page: Page) => page.getByRole('button', { name: 'Login' });

const executors: PathExecutors<Driver> = {
  events: {
    fill: async ({ page, email: address }) => {
      await email(page).fill(address);
      await password(page).fill(V.password);
    },
    'remember.off': async (driver) => {
      await remember(driver.page).uncheck();
      driver.remembered = false;
    },
    'password.show': ({ page }) => page.getByRole('button', { name: 'Show or hide password' }).click(),
    'form.submit': ({ page }) => loginButton(page).click(),
    'credentials.accept': async (driver) => {
      const route = await nextHeld(driver.login);
      // The address has an account, with the password typed.
      await makeAccount(running.app, driver.email, V.password);
      const answer = await letThrough(route);
      expect(answer.status).toBe(200);
      driver.issued = { access: String(answer.body.access) };
    },
    'credentials.reject': async (driver) => {
      const route = await nextHeld(driver.login);
      // The address has an account, with another password.
      await makeAccount(running.app, driver.email, 'another password entirely');
      expect((await letThrough(route)).status).toBe(401);
    },
    'signin.accept': async (driver) => {
      // The current user and the onboarding start go through to the server as they come.
      driver.signInReleased = true;
      for (const route of driver.afterLogin.splice(0)) await route.continue();
      await eventually(async () => expect(new URL(driver.page.url()).pathname).not.toBe('/login'));
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
    filled: ({ page, email: address }) =>
      eventually(async () => {
        expect(await email(page).inputValue()).toBe(address);
        expect(await password(page).getAttribute('type')).toBe('password');
      }),
    forgetful: ({ page }) => eventually(async () => expect(await remember(page).isChecked()).toBe(false)),
    revealed: async ({ page }) => {
      await eventually(async () => expect(await password(page).getAttribute('type')).toBe('text'));
      await audit(page, 'login, password shown');
    },
    checking: ({ page, login, email: address }) =>
      eventually(async () => {
        expect(login).toHaveLength(1);
        expect(login[0]!.request().postDataJSON()).toEqual({ email: address, password: V.password });
        expect(login[0]!.request().headers().authorization).toBeUndefined();
        expect(await loginButton(page).getAttribute('data-loading')).not.toBeNull();
      }),
    failed: async ({ page, email: address }) => {
      await eventually(async () => {
        expect((await page.getByRole('alert').textContent())?.trim()).toBe(SERVER_SENTENCES.invalidCredentials);
        expect(await email(page).inputValue()).toBe(address);
      });
      // Refused: the page keeps no session.
      expect(await pageSession(page, running.app)).toEqual({ storage: null, email: null });
      await audit(page, 'login, wrong password');
    },
    signingIn: ({ afterLogin, issued }) =>
      eventually(async () => {
        // The page asks the server who it is, with the token the server has just issued.
        expect(afterLogin.length).toBeGreaterThan(0);
        expect(afterLogin[0]!.request().url()).toContain('/api/v2/auth/me/');
        expect(afterLogin[0]!.request().headers().authorization).toBe(`Bearer ${issued?.access}`);
      }),
    done: async ({ page, email: address, remembered }) => {
      await eventually(async () => expect(new URL(page.url()).pathname).toBe(V.destination));
      // Remember me on: the session outlives the tab; off: it lives in this tab only. The server knows it.
      expect(await pageSession(page, running.app)).toEqual({ storage: remembered ? 'local' : 'session', email: address });
      // Sign-in started the owner's onboarding on the server.
      const started = await running.app.query('select o.restaurant_id from onboardings o join users u on u.id = o.owner_id where u.email = $1', [address]);
      expect(started).toHaveLength(1);
    },
  },
};

describe('login in Chromium against the real server: walks that take every transition of the model (375 px wide)', () => {
  for (const { title, run } of modelPathCases(loginModel, executors))
    it(title, async () => {
      await run(await openLogin());
    });
});
