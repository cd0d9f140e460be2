/**
 * The registration model of tests/views/accounts/register.view.test.tsx, driven through the built app
 * in Chromium at phone width against the real server (PGlite in a temporary folder, mail in its
 * outbox). Nothing is answered in the browser: every accounts call is held there only so that
 * the model's waiting states can be seen, then let through unchanged, and the server answers
 * from what it holds. Each walk has its own address; its code is read from the server's outbox.
 * A walk goes on after sends and refusals, so each state compares the server with what it held
 * just before the step (for a step that sends, once the call's arrangement was made).
 * What a held call's answer depends on is arranged at the server while it is held:
 * - `register.accept`: the address's 60-second resend lock is over (its codes a minute older);
 *   `register.reject`: a code went to the address moments ago, so the server's lock refuses;
 *   `register.alreadySent`: that code also still works.
 * - `verify.needProfile`: a new address; `verify.signedUp`: the address got a complete account
 *   meanwhile; `verify.reject`: the code's ten minutes are over (and given back when the walk
 *   sends the same code again: codesWorkAgain).
 * - `profile.reject`: the account got a password meanwhile, so the server keeps it and refuses.
 */
import type { Page, Route } from 'playwright-core';
import { paths } from '#contracts/shared/paths';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_VALUES as V, registrationModel } from '../models/accounts/registration.model';
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
  codesWorkAgain,
  describedBy,
  eventually,
  lockOver,
  mailCount,
  mailedCode,
  makeAccount,
  newAddress,
  newestCode,
  pageSession,
  setPassword,
  withOneMoreCode,
  type StoredCode,
} from './accounts-server';
import { newPage, withApp } from './harness';
import { retype } from './retype';

const running = withApp(UNLIMITED);

type Held = Record<'register' | 'verify' | 'profile' | 'signIn', Route[]>;
/** What the server held for the walk's address: its codes, the mail it sent, its account. */
type Holds = { codes: StoredCode[]; mails: number; account: Record<string, unknown>[] };
type Driver = {
  page: Page;
  /** This path's own address. */
  email: string;
  held: Held;
  /** The current user and onboarding start go straight through once `signin.accept` came. */
  signInReleased: boolean;
  /** The code the page pasted (the newest in the outbox then). */
  code: string | null;
  /** The access token verify answered with. */
  verified: string | null;
  /** The server just before the model's last event, or before its call went through once arranged. */
  before: Holds;
  /** Whether the server refused the page's code as expired (the walk may send it again). */
  codeExpired: boolean;
};

async function openRegister(): Promise<Driver> {
  const page = await newPage(running.browser, { width: 375, height: 740 });
  const held: Held = { register: [], verify: [], profile: [], signIn: [] };
  const driver: Driver = {
    page,
    email: newAddress('register'),
    held,
    signInReleased: false,
    code: null,
    verified: null,
    before: { codes: [], mails: 0, account: [] },
    codeExpired: false,
  };
  await page.route('**/api/v2/auth/register/', (route) => {
    held.register.push(route);
  });
  await page.route('**/api/v2/auth/verify/', (route) => {
    held.verify.push(route);
  });
  await page.route('**/api/v2/auth/profile/', (route) => {
    held.profile.push(route);
  });
  await page.route(/\/api\/v2\/(auth\/me|onboarding)\//, async (route) => {
    if (driver.signInReleased) await route.continue();
    else held.signIn.push(route);
  });
  // The page's clock runs as usual; `lock.expire` runs its timers past the resend countdown at once.
  await page.clock.install();
  await page.goto(`${running.app.url}/register`);
  return driver;
}

const andAudit = auditedStates();

const boxValues = (page: Page) => Promise.all([1, 2, 3, 4, 5, 6].map((digit) => page.getByLabel(`Digit ${digit} of 6`).inputValue()));

const email = (page: Page) => page.getByLabel('Email');
const join = (page: Page) => page.getByRole('button', { name: 'Join' });

async function serverHolds(address: string): Promise<Holds> {
  return {
    codes: await codesIssuedTo(running.app, address),
    mails: await mailCount(running.app, address),
    account: await running.app.query('select first_name, password_hash is not null as has_password from users where email = $1', [address]),
  };
}

async function noteServer(driver: Driver) {
  driver.before = await serverHolds(driver.email);
}

/** Lets the held call through once `arrange` is done, noting what the server then held: the state compares with it. */
const answer = (driver: Driver, routes: Route[], status: number, arrange?: () => Promise<unknown>) =>
  answerHeld(routes, status, arrange, () => noteServer(driver));

/** One more code was issued and mailed; the earlier ones no longer work. */
async function expectOneMoreCode({ email: address, before }: Driver) {
  expect(await codesIssuedTo(running.app, address)).toEqual(withOneMoreCode(before.codes, 'sign_in'));
  expect(await mailCount(running.app, address)).toBe(before.mails + 1);
}

/**
 * A code went to the address moments ago (the server's lock is on): the page's own if it went
 * out within the lock, else one asked for from elsewhere once the lock on older ones is over.
 * `working`: that code also still works (a walk may come here after a code expired).
 */
async function codeSentMomentsAgo(address: string, { working = false } = {}): Promise<void> {
  const newest = await newestCode(running.app, address);
  if (newest?.recent && (newest.live || !working)) return;
  await lockOver(running.app, address);
  expect((await callApi(running.app, 'POST', paths.auth.register, { email: address, accepted_terms: true })).status).toBe(200);
}

/** A verify the server must accept: the code the page sends again after it was refused as expired works again. */
async function codeAccepted(driver: Driver) {
  if (!driver.codeExpired) return;
  await codesWorkAgain(running.app, driver.email);
  driver.codeExpired = false;
}

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent(
    {
      'email.fill.valid': ({ page, email: address }) => retype(email(page), address),
      'email.fill.invalid': ({ page }) => retype(email(page), V.invalidEmail),
      'terms.tick': ({ page }) => page.getByRole('checkbox').check(),
      'email.submit': ({ page }) => join(page).click(),
      'register.accept': async (driver) => {
        await answer(driver, driver.held.register, 200, () => lockOver(running.app, driver.email));
      },
      'register.reject': async (driver) => {
        await answer(driver, driver.held.register, 429, async () => {
          await codeSentMomentsAgo(driver.email);
          // ...and no longer works (a code that does would take the page on to it: register.alreadySent).
          await codesExpire(running.app, driver.email);
        });
      },
      'register.alreadySent': async (driver) => {
        const body = await answer(driver, driver.held.register, 429, () => codeSentMomentsAgo(driver.email, { working: true }));
        expect(body.code).toBe('code_already_sent');
      },
      'code.paste': async (driver) => {
        const code = await mailedCode(running.app, driver.email);
        driver.code = code;
        await driver.page.getByLabel('Digit 1 of 6').focus();
        // Pasted the way a person copies it from a mail app, with words and a space around the digits.
        await driver.page.evaluate(
          (text) => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
          },
          `Your code: ${code.slice(0, 3)} ${code.slice(3)}`,
        );
      },
      'code.submit': ({ page }) => page.getByRole('button', { name: 'Verify' }).click(),
      'verify.needProfile': async (driver) => {
        const body = await answer(driver, driver.held.verify, 200, () => codeAccepted(driver));
        expect(body.need_profile).toBe(true);
        driver.verified = String(body.access);
      },
      'verify.signedUp': async (driver) => {
        // Meanwhile the address got a complete account (names and a password).
        const body = await answer(driver, driver.held.verify, 200, async () => {
          await codeAccepted(driver);
          await makeAccount(running.app, driver.email, 'a password set elsewhere');
        });
        expect(body.need_profile).toBe(false);
      },
      'verify.reject': async (driver) => {
        await answer(driver, driver.held.verify, 400, () => codesExpire(running.app, driver.email));
        driver.codeExpired = true;
      },
      'profile.fill': async ({ page }) => {
        await retype(page.getByLabel('First name'), V.first);
        await retype(page.getByLabel('Last name'), V.last);
        await retype(page.getByLabel('Password', { exact: true }), V.password);
      },
      'profile.submit': ({ page }) => page.getByRole('button', { name: "Let's go" }).click(),
      'profile.accept': (driver) => answer(driver, driver.held.profile, 200),
      // Meanwhile the account got a password: the server keeps it rather than take the profile's.
      'profile.reject': (driver) => answer(driver, driver.held.profile, 400, () => setPassword(running.app, driver.email, 'a password set elsewhere')),
      'step.back': ({ page }) => page.getByRole('button', { name: 'Back' }).click(),
      'lock.expire': ({ page }) => page.clock.runFor('01:01'),
      'code.resend': ({ page }) => page.getByRole('button', { name: 'Resend' }).click(),
      'email.change': ({ page }) => page.getByRole('button', { name: 'Use a different email' }).click(),
      'signin.accept': async (driver) => {
        // The current user and the onboarding start go through to the server as they come.
        driver.signInReleased = true;
        for (const route of driver.held.signIn.splice(0)) await route.continue();
        await eventually(async () => expect(new URL(driver.page.url()).pathname).not.toBe('/register'));
      },
    },
    noteServer,
  ),
  states: {
    'email.blank': andAudit('register, email step', ({ page }) =>
      eventually(async () => {
        expect(await join(page).isDisabled()).toBe(true);
        expect(await page.getByText('You must accept Terms and Privacy.').isVisible()).toBe(true);
      }),
    ),
    'email.typed': ({ page, email: address }) =>
      eventually(async () => {
        expect(await email(page).inputValue()).toBe(address);
        expect(await join(page).isDisabled()).toBe(true);
      }),
    'email.typedInvalid': ({ page }) => eventually(async () => expect(await join(page).isDisabled()).toBe(true)),
    'email.ready': ({ page }) => eventually(async () => expect(await join(page).isEnabled()).toBe(true)),
    'email.readyInvalid': ({ page }) => eventually(async () => expect(await join(page).isEnabled()).toBe(true)),
    'email.refused': andAudit('register, email refused', async ({ page, held, email: address, before }) => {
      await eventually(async () => {
        expect(await describedBy(email(page))).toBe('Please enter a valid email.');
        // The one message: no alert summing up the one field again.
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(held.register).toHaveLength(0);
      });
      // Nothing went to the server: no code was issued.
      expect(await codesIssuedTo(running.app, address)).toEqual(before.codes);
    }),
    'email.failed': andAudit('register, registration refused by the server', async ({ page, email: address, before }) => {
      await eventually(async () => {
        expect((await page.getByRole('alert').textContent())?.trim()).toMatch(SERVER_SENTENCES.resendLocked);
      });
      // Only the code that locked the address was issued, before the page's call came.
      expect(before.codes.length).toBeGreaterThan(0);
      expect(await codesIssuedTo(running.app, address)).toEqual(before.codes);
    }),
    sending: ({ held, email: address }) =>
      eventually(async () => {
        expect(held.register).toHaveLength(1);
        expect(held.register[0]!.request().postDataJSON()).toEqual({ email: address, accepted_terms: true });
        expect(held.register[0]!.request().headers().authorization).toBeUndefined();
      }),
    'code.blank': andAudit('register, code step', async (driver) => {
      const { page } = driver;
      await eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
        expect((await boxValues(page)).join('')).toBe('');
      });
      // The server issued one sign-in code and mailed it.
      await expectOneMoreCode(driver);
    }),
    'code.alreadySent': andAudit('register, code already sent', async ({ page, email: address, before }) => {
      await eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
        expect((await page.getByText(SERVER_SENTENCES.alreadySent).textContent())?.trim()).toMatch(SERVER_SENTENCES.alreadySent);
        expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
        expect(await page.getByText(/^You can resend in 0:[0-5]\d$/).isVisible()).toBe(true);
      });
      // No new code: the one mailed earlier is still the one that works.
      const codes = await codesIssuedTo(running.app, address);
      expect(codes).toEqual(before.codes);
      expect(codes.at(-1)).toEqual({ purpose: 'sign_in', consumed: false, failed_attempts: 0 });
      expect(await mailCount(running.app, address)).toBe(before.mails);
    }),
    'code.unlocked': ({ page }) =>
      eventually(async () => {
        expect(await page.getByRole('button', { name: 'Resend' }).isEnabled()).toBe(true);
        expect(await page.getByText(/You can resend/).count()).toBe(0);
      }),
    resending: ({ held, email: address }) =>
      eventually(async () => {
        expect(held.register).toHaveLength(1);
        expect(held.register[0]!.request().postDataJSON()).toEqual({ email: address, accepted_terms: true });
      }),
    'code.resent': async (driver) => {
      const { page, before } = driver;
      await eventually(async () => {
        expect(await page.getByText('We sent you a new code.').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
      });
      // One more code, mailed; the earlier ones no longer work.
      expect(before.codes.length).toBeGreaterThan(0);
      await expectOneMoreCode(driver);
    },
    'code.resendFailed': andAudit('register, resend refused', async ({ page, email: address, before }) => {
      await eventually(async () => {
        expect((await page.getByRole('alert').textContent())?.trim()).toMatch(SERVER_SENTENCES.resendLocked);
        expect(await page.getByRole('button', { name: 'Resend' }).isEnabled()).toBe(true);
      });
      // No new code.
      expect(await codesIssuedTo(running.app, address)).toEqual(before.codes);
      expect(await mailCount(running.app, address)).toBe(before.mails);
    }),
    'email.returned': ({ page, held, email: address }) =>
      eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Create your account' }).isVisible()).toBe(true);
        expect(await email(page).inputValue()).toBe(address);
        expect(held.register).toHaveLength(0);
      }),
    'code.refused': andAudit('register, code refused', ({ page }) =>
      eventually(async () => {
        expect(await page.getByText('Enter the 6-digit code.', { exact: true }).isVisible()).toBe(true);
      }),
    ),
    'code.filled': ({ page, code }) => eventually(async () => expect(await boxValues(page)).toEqual(code!.split(''))),
    'code.failed': andAudit('register, code refused by the server', async ({ page, email: address, before }) => {
      await eventually(async () => {
        // The server's sentence once, under the field it names: no summary saying it again.
        expect(await page.getByText(SERVER_SENTENCES.codeExpired, { exact: true }).count()).toBe(1);
        expect(await page.getByRole('alert').count()).toBe(0);
      });
      // Refused: no account was made.
      expect((await serverHolds(address)).account).toEqual(before.account);
    }),
    'code.verified': ({ page, code }) =>
      eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
        expect((await boxValues(page)).join('')).toBe(code);
      }),
    verifying: ({ held, email: address, code }) =>
      eventually(async () => {
        expect(held.verify).toHaveLength(1);
        expect(held.verify[0]!.request().postDataJSON()).toEqual({ email: address, code });
      }),
    'profile.blank': andAudit('register, profile step', async ({ page, email: address }) => {
      await eventually(async () => {
        expect(await page.getByRole('heading', { name: 'Join' }).isVisible()).toBe(true);
        expect(await page.getByLabel('First name').inputValue()).toBe('');
      });
      // The code made the account; its name and password are still to come.
      expect(await running.app.query('select first_name, password_hash from users where email = $1', [address])).toEqual([
        { first_name: '', password_hash: null },
      ]);
    }),
    'profile.refused': andAudit('register, profile refused', ({ page }) =>
      eventually(async () => {
        expect(await page.getByText('Please enter your name.').count()).toBe(2);
        expect(await page.getByText('Password must be at least 8 characters.').isVisible()).toBe(true);
      }),
    ),
    'profile.filled': ({ page }) => eventually(async () => expect(await page.getByLabel('Last name').inputValue()).toBe(V.last)),
    'profile.failed': andAudit('register, profile refused by the server', async ({ page, email: address }) => {
      await eventually(async () => {
        // The server's sentence once, under the field it names: no summary saying it again.
        expect(await page.getByText(SERVER_SENTENCES.passwordKept, { exact: true }).count()).toBe(1);
        expect(await page.getByRole('alert').count()).toBe(0);
      });
      // Refused: the names were not taken either.
      expect(await running.app.query('select first_name from users where email = $1', [address])).toEqual([{ first_name: '' }]);
    }),
    saving: ({ held, verified }) =>
      eventually(async () => {
        expect(held.profile).toHaveLength(1);
        // The profile goes with the token verify returned; nothing was stored before.
        expect(held.profile[0]!.request().headers().authorization).toBe(`Bearer ${verified}`);
      }),
    signingIn: ({ held }) => eventually(async () => expect(held.signIn.length).toBeGreaterThan(0)),
    done: async ({ page, email: address }) => {
      let path = '';
      await eventually(async () => {
        path = new URL(page.url()).pathname;
        expect(path).toMatch(/^\/onboard\/\d+\/location$/);
      });
      // Signed in and remembered, as the server knows it; the onboarding is the owner's own.
      expect(await pageSession(page, running.app)).toEqual({ storage: 'local', email: address });
      const onboarding = await running.app.query('select o.restaurant_id from onboardings o join users u on u.id = o.owner_id where u.email = $1', [address]);
      expect(onboarding.map((row) => `/onboard/${String(row.restaurant_id)}/location`)).toEqual([path]);
      const [user] = await running.app.query('select first_name, last_name, password_hash is not null as has_password from users where email = $1', [address]);
      expect(user).toEqual({ first_name: V.first, last_name: V.last, has_password: true });
    },
  },
};

describe('registration in Chromium against the real server: walks that take every transition of the model (375 px wide)', () => {
  // The longest walk makes five calls to the real server and audits four screens: 2 minutes on a loaded machine.
  for (const { title, run } of modelPathCases(registrationModel, executors))
    it(title, async () => {
      await run(await openRegister());
    }, 120_000);
});
