/**
 * The registration model of tests/views/register.view.test.tsx, driven through the built app
 * in Chromium at phone width. Every accounts call is held at the browser until the model says
 * how the server answers (the real server and real mail are in accounts-register.e2e.test.ts).
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_VALUES as V, registrationModel } from '../models/accounts/registration.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { fulfillChecked } from './checked-route';
import { auditEachStateOnce } from './accounts-audit';
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

type Held = Record<'register' | 'verify' | 'profile' | 'signIn', Route[]>;
type Driver = { page: Page; held: Held; resends: number[] };

const ME = {
  id: 8, email: V.email, first_name: V.first, last_name: V.last, is_staff: false, is_superadmin: false,
  active_restaurant_id: null, active_restaurant_name: null,
};

async function openRegister(): Promise<Driver> {
  const page = await newPage(browser, { width: 375, height: 740 });
  const held: Held = { register: [], verify: [], profile: [], signIn: [] };
  await page.route('**/api/v2/auth/register/', (route) => { held.register.push(route); });
  await page.route('**/api/v2/auth/verify/', (route) => { held.verify.push(route); });
  await page.route('**/api/v2/auth/profile/', (route) => { held.profile.push(route); });
  await page.route(/\/api\/v2\/(auth\/me|onboarding)\//, (route) => { held.signIn.push(route); });
  // The page's clock runs as usual; `lock.expire` runs its timers past the resend countdown at once.
  await page.clock.install();
  await page.goto(`${app.url}/register`);
  return { page, held, resends: [] };
}

const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 50 });

const audit = auditEachStateOnce();
/** A state's check, then axe on its screen (the first path to reach it). */
const andAudit = (screen: string, check: (driver: Driver) => Promise<void>) => async (driver: Driver) => {
  await check(driver);
  await audit(driver.page, screen);
};

async function answer(routes: Route[], reply: Parameters<Route['fulfill']>[0]) {
  await eventually(async () => expect(routes).toHaveLength(1));
  await fulfillChecked(routes.shift()!, reply);
}

const boxValues = (page: Page) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((digit) => page.getByLabel(`Digit ${digit} of 6`).inputValue()));

const email = (page: Page) => page.getByLabel('Email');
const join = (page: Page) => page.getByRole('button', { name: 'Join' });

async function retype(field: ReturnType<Page['getByLabel']>, value: string) {
  await field.fill('');
  await field.fill(value);
}

const executors: PathExecutors<Driver> = {
  events: {
    'email.fill.valid': ({ page }) => retype(email(page), V.email),
    'email.fill.invalid': ({ page }) => retype(email(page), V.invalidEmail),
    'terms.tick': ({ page }) => page.getByRole('checkbox').check(),
    'email.submit': ({ page }) => join(page).click(),
    'register.accept': ({ held }) => answer(held.register, { json: { detail: 'Code sent.', existing: false } }),
    'register.reject': ({ held, resends }) => answer(held.register, resends.length === 0
      ? { status: 400, json: { detail: 'Invalid input.', code: 'invalid_input' } }
      : { status: 429, json: { detail: V.resendRejection, code: 'rate_limited' } }),
    'code.paste': async ({ page }) => {
      await page.getByLabel('Digit 1 of 6').focus();
      await page.evaluate((text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, V.pastedCode);
    },
    'code.submit': ({ page }) => page.getByRole('button', { name: 'Verify' }).click(),
    'verify.needProfile': ({ held }) => answer(held.verify, { json: { access: 'A1', refresh: 'R1', need_profile: true } }),
    'verify.signedUp': ({ held }) => answer(held.verify, { json: { access: 'A1', refresh: 'R1', need_profile: false } }),
    'verify.reject': ({ held }) => answer(held.verify, { status: 400, json: { detail: V.verifyRejection, code: 'invalid_code' } }),
    'profile.fill': async ({ page }) => {
      await retype(page.getByLabel('First name'), V.first);
      await retype(page.getByLabel('Last name'), V.last);
      await retype(page.getByLabel('Password', { exact: true }), V.password);
    },
    'profile.submit': ({ page }) => page.getByRole('button', { name: "Let's go" }).click(),
    'profile.accept': ({ held }) => answer(held.profile, { json: { access: 'A2', refresh: 'R2' } }),
    'profile.reject': ({ held }) => answer(held.profile, { status: 400, json: { detail: V.profileRejection, code: 'invalid_input' } }),
    'step.back': ({ page }) => page.getByRole('button', { name: 'Back' }).click(),
    'lock.expire': ({ page }) => page.clock.runFor('01:01'),
    'code.resend': async ({ page, resends }) => {
      resends.push(1);
      await page.getByRole('button', { name: 'Resend' }).click();
    },
    'email.change': ({ page }) => page.getByRole('button', { name: 'Use a different email' }).click(),
    'signin.accept': async ({ page, held }) => {
      await eventually(async () => {
        while (held.signIn.length > 0) {
          const route = held.signIn.shift()!;
          await fulfillChecked(route, { json: route.request().url().includes('/auth/me/') ? ME : { id: 7, launched: false } });
        }
        expect(new URL(page.url()).pathname).not.toBe('/register');
      });
    },
  },
  states: {
    'email.blank': andAudit('register, email step', ({ page }) => eventually(async () => {
      expect(await join(page).isDisabled()).toBe(true);
      expect(await page.getByText('You must accept Terms and Privacy.').isVisible()).toBe(true);
    })),
    'email.typed': ({ page }) => eventually(async () => {
      expect(await email(page).inputValue()).toBe(V.email);
      expect(await join(page).isDisabled()).toBe(true);
    }),
    'email.typedInvalid': ({ page }) => eventually(async () => expect(await join(page).isDisabled()).toBe(true)),
    'email.ready': ({ page }) => eventually(async () => expect(await join(page).isEnabled()).toBe(true)),
    'email.readyInvalid': ({ page }) => eventually(async () => expect(await join(page).isEnabled()).toBe(true)),
    'email.refused': andAudit('register, email refused', ({ page, held }) => eventually(async () => {
      expect(await page.getByText('Please enter a valid email.', { exact: true }).isVisible()).toBe(true);
      expect(held.register).toHaveLength(0);
    })),
    'email.failed': andAudit('register, registration refused by the server', ({ page }) => eventually(async () => {
      expect((await page.getByRole('alert').textContent())?.trim()).toBe('Account already exists');
    })),
    sending: ({ held }) => eventually(async () => {
      expect(held.register).toHaveLength(1);
      expect(held.register[0]!.request().postDataJSON()).toEqual({ email: V.email, accepted_terms: true });
      expect(held.register[0]!.request().headers().authorization).toBeUndefined();
    }),
    'code.blank': andAudit('register, code step', ({ page }) => eventually(async () => {
      expect(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
      expect((await boxValues(page)).join('')).toBe('');
    })),
    'code.unlocked': ({ page }) => eventually(async () => {
      expect(await page.getByRole('button', { name: 'Resend' }).isEnabled()).toBe(true);
      expect(await page.getByText(/You can resend/).count()).toBe(0);
    }),
    resending: ({ held }) => eventually(async () => {
      expect(held.register).toHaveLength(1);
      expect(held.register[0]!.request().postDataJSON()).toEqual({ email: V.email, accepted_terms: true });
    }),
    'code.resent': ({ page }) => eventually(async () => {
      expect(await page.getByText('We sent you a new code.').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
    }),
    'code.resendFailed': andAudit('register, resend refused', ({ page }) => eventually(async () => {
      expect((await page.getByRole('alert').textContent())?.trim()).toBe(V.resendRejection);
      expect(await page.getByRole('button', { name: 'Resend' }).isEnabled()).toBe(true);
    })),
    'email.returned': ({ page, held }) => eventually(async () => {
      expect(await page.getByRole('heading', { name: 'Create your account' }).isVisible()).toBe(true);
      expect(await email(page).inputValue()).toBe(V.email);
      expect(held.register).toHaveLength(0);
    }),
    'code.refused': andAudit('register, code refused', ({ page }) => eventually(async () => {
      expect(await page.getByText('Enter the 6-digit code.', { exact: true }).isVisible()).toBe(true);
    })),
    'code.filled': ({ page }) => eventually(async () => expect(await boxValues(page)).toEqual(V.code.split(''))),
    'code.failed': andAudit('register, code refused by the server', ({ page }) => eventually(async () => {
      expect((await page.getByRole('alert').textContent())?.trim()).toBe(V.verifyRejection);
    })),
    'code.verified': ({ page }) => eventually(async () => {
      expect(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
      expect((await boxValues(page)).join('')).toBe(V.code);
    }),
    verifying: ({ held }) => eventually(async () => {
      expect(held.verify).toHaveLength(1);
      expect(held.verify[0]!.request().postDataJSON()).toEqual({ email: V.email, code: V.code });
    }),
    'profile.blank': andAudit('register, profile step', ({ page }) => eventually(async () => {
      expect(await page.getByRole('heading', { name: 'Join' }).isVisible()).toBe(true);
      expect(await page.getByLabel('First name').inputValue()).toBe('');
    })),
    'profile.refused': andAudit('register, profile refused', ({ page }) => eventually(async () => {
      expect(await page.getByText('Please enter your name.').count()).toBe(2);
      expect(await page.getByText('Password must be at least 8 characters.').isVisible()).toBe(true);
    })),
    'profile.filled': ({ page }) => eventually(async () => expect(await page.getByLabel('Last name').inputValue()).toBe(V.last)),
    'profile.failed': andAudit('register, profile refused by the server', ({ page }) => eventually(async () => {
      expect((await page.getByRole('alert').textContent())?.trim()).toBe(V.profileRejection);
    })),
    saving: ({ held }) => eventually(async () => {
      expect(held.profile).toHaveLength(1);
      // The profile goes with the token verify returned; nothing was stored before.
      expect(held.profile[0]!.request().headers().authorization).toBe('Bearer A1');
    }),
    signingIn: ({ held }) => eventually(async () => expect(held.signIn.length).toBeGreaterThan(0)),
    done: ({ page }) => eventually(async () => {
      expect(new URL(page.url()).pathname).toBe(V.destination);
      expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    }),
  },
};

describe('registration in Chromium: every path of the model (375 px wide)', () => {
  for (const { title, run } of modelPathCases(registrationModel, executors)) it(title, async () => {
    await run(await openRegister());
  });
});
