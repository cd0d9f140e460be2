/**
 * The survey model of tests/views/survey/survey.view.test.tsx, driven through the built app in
 * Chromium at phone width against the real server (PGlite in a temporary folder). Nothing is
 * answered in the browser: the survey's POSTs are held there only so that `submitting` can be
 * seen, then let through unchanged, and every answer the page gets is the server's own.
 * The draft is the page's own localStorage, and `page.reload` really reloads the page.
 * What a held call's answer depends on is arranged at the server while it is held:
 * - `server.accept`: nothing; the server stores the survey and answers 201 with its id.
 * - `server.reject`: the database turns read-only (as a standby does during a failover), so
 *   the server cannot store the survey and answers its own 500 to the first attempt and to
 *   both of the client's retries; it is made writable again once the page shows the failure.
 */
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LEGACY_BASE, paths } from '#contracts/shared/paths';
import { LEGACY_MAX_RETRIES } from '#src/services/shared/legacy';
import { SURVEY_DRAFT_KEY } from '#src/services/survey/survey-draft';
import { answersFromDraft, toSurveyRequest } from '#src/machines/survey/survey.machine';
import { ALL_MARKERS, STEP_MARKERS, STEP_TICKS, STEP_TITLES, expectedRequest, surveyModel } from '../models/survey/survey.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { auditedStates } from './accounts-audit';
import { eventually, letThrough, nextHeld } from './accounts-server';
import { newPage, withApp } from './harness';

/** The server's words for a failure on its side (server/plugins/errors.ts), as the survey shows them. */
const SERVER_FAILURE_ALERT = 'HTTP Error: Something went wrong on our side. Please try again.';

// The paths send up to three survey POSTs each (an attempt and the client's two retries), ten
// in all from one address within a minute or so: the per-client budget (ten a minute) is
// lifted, as for the accounts paths, so that no path depends on how fast the others ran.
// The server logs each 500 of `server.reject` with its whole stack; the paths assert every
// answer themselves.
const running = withApp({ signupLimitPerMinute: 10_000, logLevel: 'fatal' });

type Driver = {
  page: Page;
  /** The survey POSTs the page sent and that are held, not yet let through. */
  held: Route[];
  /** Every survey POST the page sent, retries included. */
  sent: Request[];
  /** The highest survey id the server had stored when the path began. */
  storedBefore: number;
  /** What the person did so far: the steps answered and the options ticked. */
  answered: Set<number>;
  ticked: Set<number>;
  /** Whether an answer changed since the last request went out (an edit forgets its key). */
  editedSinceSend: boolean;
  /** The last event: a step move puts the focus on the new step's heading. */
  lastEvent: string | null;
  reloads: number;
  /** Whether the last Submit sent the answers of the request before it unchanged (a retry keeps its key). */
  resent: boolean;
  /** Just before the model's last event (a walk goes on after reloads and sends): the requests sent, the reloads, the page's load time. */
  before: { sent: number; reloads: number; loadedAt: number };
};

async function highestSurveyId(): Promise<number> {
  const [row] = await running.app.query('select coalesce(max(id), 0)::int as id from survey_responses');
  return Number(row!.id);
}

async function openSurvey(): Promise<Driver> {
  const page = await newPage(running.browser, { width: 375, height: 740 });
  const driver: Driver = {
    page,
    held: [],
    sent: [],
    storedBefore: await highestSurveyId(),
    answered: new Set(),
    ticked: new Set(),
    editedSinceSend: false,
    lastEvent: null,
    reloads: 0,
    resent: false,
    before: { sent: 0, reloads: 0, loadedAt: 0 },
  };
  await page.route(`**${LEGACY_BASE}${paths.surveys}`, (route) => {
    driver.sent.push(route.request());
    driver.held.push(route);
  });
  await page.goto(`${running.app.url}/surveys/restaurants`);
  return driver;
}

const andAudit = auditedStates();

const heading = (page: Page) => page.getByRole('heading', { level: 2 });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const tickBox = (page: Page, step: keyof typeof STEP_TICKS) =>
  page.getByRole('group', { name: STEP_TICKS[step].group }).getByRole('checkbox', { name: STEP_TICKS[step].option, exact: true });
const isFocused = (locator: ReturnType<Page['getByRole']>) => locator.evaluate((element) => element === document.activeElement);

async function currentStep(page: Page): Promise<number> {
  const title = await heading(page).textContent();
  const step = STEP_TITLES.indexOf(title as (typeof STEP_TITLES)[number]) + 1;
  expect(step, `a step's heading, not "${title}"`).toBeGreaterThan(0);
  return step;
}

/** Types (or chooses) the step's marker answer; doing it twice changes nothing. */
async function answerStep(driver: Driver, step: keyof typeof STEP_MARKERS) {
  const { page } = driver;
  const marker = STEP_MARKERS[step];
  driver.answered.add(step);
  if ('radio' in marker) {
    const radio = page.getByRole('radio', { name: marker.radio, exact: true });
    if ((await radio.getAttribute('aria-checked')) === 'true') return;
    driver.editedSinceSend = true;
    await radio.click();
    await eventually(async () => expect(await radio.getAttribute('aria-checked')).toBe('true'));
    return;
  }
  const input = page.getByLabel(marker.label, { exact: true });
  if ((await input.inputValue()) === marker.value) return;
  driver.editedSinceSend = true;
  await input.fill(marker.value);
}

const keyOf = (request: Request) => request.headers()['idempotency-key'];

/** The key the draft should hold: the last request's, unless an answer changed since it went out. */
function expectedKey({ sent, editedSinceSend }: Driver): string | null {
  return editedSinceSend ? null : sent.at(-1) ? (keyOf(sent.at(-1)!) ?? null) : null;
}

/** The draft in the page's localStorage, as the next load of the page will read it. */
async function storedDraft(page: Page): Promise<{ version: number; step: number; answers: Record<string, unknown>; attemptKey: string | null } | null> {
  const text = await page.evaluate((key) => localStorage.getItem(key), SURVEY_DRAFT_KEY);
  return text === null ? null : JSON.parse(text);
}

/** The surveys the server stored since the path began. */
async function storedSinceStart(driver: Driver) {
  return running.app.query('select id, answers, contact_email, early_access, user_agent from survey_responses where id > $1 order by id', [
    driver.storedBefore,
  ]);
}

/** The answers the server keeps under an Idempotency-Key (none until it stored something). */
async function keptAnswers(key: string) {
  return running.app.query('select status_code, body from idempotency_keys where key = $1', [key]);
}

async function expectStep(driver: Driver, step: number) {
  const { page } = driver;
  const percent = `${Math.round((step / 8) * 100)}`;
  await eventually(async () => {
    expect(await heading(page).textContent()).toBe(STEP_TITLES[step - 1]);
    expect(await page.getByText(`Step ${step} of 8`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('survey-percent').textContent()).toBe(`${percent}%`);
  });
  expect(await page.getByRole('progressbar', { name: 'Survey progress' }).getAttribute('aria-valuenow')).toBe(percent);
  expect(await page.getByText('Takes 4 to 6 minutes').isVisible()).toBe(true);
  expect(await button(page, 'Back').isDisabled()).toBe(step === 1);
  expect(await button(page, 'Next').count()).toBe(step === 8 ? 0 : 1);
  expect(await button(page, 'Submit').count()).toBe(step === 8 ? 1 : 0);
  // Whatever was answered on this step before (going back, or a reload) is still there, and
  // nothing else is.
  const marker = STEP_MARKERS[step as keyof typeof STEP_MARKERS];
  const answered = driver.answered.has(step);
  if ('radio' in marker) {
    expect(await page.getByRole('radio', { name: marker.radio, exact: true }).getAttribute('aria-checked')).toBe(String(answered));
  } else {
    expect(await page.getByLabel(marker.label, { exact: true }).inputValue()).toBe(answered ? marker.value : '');
  }
  if (step in STEP_TICKS) {
    expect(await tickBox(page, step as keyof typeof STEP_TICKS).getAttribute('aria-checked')).toBe(String(driver.ticked.has(step)));
  }
  // A step reached by Next or Back starts at its heading (keyboard and screen-reader users hear where they are).
  if (driver.lastEvent === 'step.next' || driver.lastEvent === 'step.back') {
    await eventually(async () => expect(await isFocused(heading(page))).toBe(true));
  }
}

const stepStates = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7, 8].map((step) => [
    `step${step}`,
    andAudit(`survey step ${step}`, async (driver: Driver) => {
      await expectStep(driver, step);
      expect(await driver.page.getByRole('alert').count()).toBe(0);
      expect(driver.held).toHaveLength(0);
      // Every step and every edit is in the page's storage as it happens, so a reload comes back here.
      await eventually(async () => {
        const draft = await storedDraft(driver.page);
        expect(draft?.step).toBe(step);
        expect(toSurveyRequest(answersFromDraft(draft!.answers))).toEqual(expectedRequest(driver));
        expect(draft!.attemptKey).toBe(expectedKey(driver));
      });
      // The server stores nothing before Submit.
      if (driver.sent.length === 0) expect(await storedSinceStart(driver)).toEqual([]);
    }),
  ]),
);

/** Whether the page was loaded by a reload (the browser's own record of its last navigation). */
const loadedByReload = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'reload');

/** When the page's document began loading: a new value, a new load of the page. */
const loadedAt = (page: Page) => page.evaluate(() => performance.timeOrigin);

/**
 * The executors, each noting first what the page had sent and how often it had loaded (the
 * assertions compare with it), and then its event as the driver's last (the step assertions
 * check the focus after Next and Back).
 */
function tracked(events: PathExecutors<Driver>['events']): PathExecutors<Driver>['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, exec]) => [
      type,
      async (driver: Driver, event) => {
        driver.before = { sent: driver.sent.length, reloads: driver.reloads, loadedAt: await loadedAt(driver.page) };
        await exec(driver, event);
        driver.lastEvent = type;
      },
    ]),
  );
}

async function setReadOnly(readOnly: boolean) {
  // PGlite has one session, the server's and this one: the setting applies to the server's next transaction.
  await running.app.query(`set default_transaction_read_only = ${readOnly ? 'on' : 'off'}`);
}

const executors: PathExecutors<Driver> = {
  events: tracked({
    'step.next': async (driver) => {
      await answerStep(driver, (await currentStep(driver.page)) as keyof typeof STEP_MARKERS);
      await button(driver.page, 'Next').click();
    },
    'step.back': ({ page }) => button(page, 'Back').click(),
    'survey.submit': async (driver) => {
      const { page } = driver;
      // After a failure the answers are sent as they are: retyping would be an edit.
      if ((await page.getByRole('alert').count()) === 0) await answerStep(driver, 8);
      const before = driver.sent.length;
      driver.resent = before > 0 && !driver.editedSinceSend;
      await button(page, 'Submit').click();
      await eventually(async () => expect(driver.sent).toHaveLength(before + 1));
      driver.editedSinceSend = false;
    },
    'server.accept': async (driver) => {
      expect((await letThrough(await nextHeld(driver.held))).status).toBe(201);
    },
    'server.reject': async (driver) => {
      const first = await nextHeld(driver.held);
      await setReadOnly(true);
      onTestFinished(() => setReadOnly(false));
      const statuses = [(await letThrough(first)).status];
      // The client sends it again twice (500 is worth a retry); each attempt meets the read-only database.
      for (let retry = 0; retry < LEGACY_MAX_RETRIES; retry += 1) statuses.push((await letThrough(await nextHeld(driver.held))).status);
      expect(statuses).toEqual([500, 500, 500]);
      await eventually(async () => expect(await driver.page.getByRole('alert').count()).toBe(1));
      await setReadOnly(false);
    },
    'option.tick': async (driver) => {
      const step = (await currentStep(driver.page)) as keyof typeof STEP_TICKS;
      await tickBox(driver.page, step).click();
      driver.ticked.add(step);
      driver.editedSinceSend = true;
    },
    'option.untick': async (driver) => {
      const step = (await currentStep(driver.page)) as keyof typeof STEP_TICKS;
      await tickBox(driver.page, step).click();
      driver.ticked.delete(step);
      driver.editedSinceSend = true;
    },
    'page.reload': async (driver) => {
      await driver.page.reload();
      driver.reloads += 1;
    },
  }),
  states: {
    ...stepStates,
    // The tick shows at once and is in the draft (both checked by the step's assertion), the
    // focus stays on it; only a reload read the draft back.
    ...Object.fromEntries(
      Object.keys(STEP_TICKS).flatMap((step) => [
        [
          `step${step}.ticked`,
          async ({ page, reloads, before }: Driver) => {
            // Ticked in place: the page was not loaded again.
            expect(reloads).toBe(before.reloads);
            expect(await loadedAt(page)).toBe(before.loadedAt);
            expect(await isFocused(tickBox(page, Number(step) as keyof typeof STEP_TICKS))).toBe(true);
          },
        ],
        [
          `step${step}.resumed`,
          async ({ page, reloads, before }: Driver) => {
            expect(reloads).toBe(before.reloads + 1);
            expect(await loadedAt(page)).not.toBe(before.loadedAt);
            expect(await loadedByReload(page)).toBe(true);
          },
        ],
      ]),
    ),
    submitting: andAudit('survey, sending', async (driver) => {
      const { page, held, sent } = driver;
      await eventually(async () => {
        expect(await button(page, 'Submit').getAttribute('data-loading')).not.toBeNull();
        expect(await page.getByLabel(STEP_MARKERS[8].label, { exact: true }).isDisabled()).toBe(true);
      });
      expect(held).toHaveLength(1);
      const request = held[0]!.request();
      // Every step's answer reached the request, and a retry repeats the last request's key; other
      // answers get a key of their own.
      expect(request.postDataJSON()).toEqual(ALL_MARKERS);
      expect(request.postDataJSON()).toEqual(expectedRequest(driver));
      expect(request.headers().authorization).toBeUndefined();
      const key = keyOf(request);
      const earlier = sent.slice(0, driver.before.sent).map(keyOf);
      expect(key).toEqual(expect.any(String));
      if (driver.resent) expect(key).toBe(earlier.at(-1));
      else expect(earlier).not.toContain(key);
      // Held: the server has not stored it.
      expect(await storedSinceStart(driver)).toEqual([]);
    }),
    failed: andAudit('survey, sending failed', async (driver) => {
      const { page, sent } = driver;
      const alert = page.getByRole('alert');
      await eventually(async () => {
        expect(await alert.textContent()).toContain(SERVER_FAILURE_ALERT);
        expect(await alert.textContent()).toContain('Your answers are kept. Press Submit to try again.');
        // A refused Submit puts the focus on the alert.
        expect(await isFocused(alert)).toBe(true);
      });
      expect(await page.getByLabel(STEP_MARKERS[8].label, { exact: true }).inputValue()).toBe(STEP_MARKERS[8].value);
      expect(await button(page, 'Submit').isEnabled()).toBe(true);
      expect((await storedDraft(page))?.attemptKey).toBe(keyOf(sent.at(-1)!));
      // The server stored neither the survey nor an answer for its key: the next Submit is judged afresh.
      expect(await storedSinceStart(driver)).toEqual([]);
      expect(await keptAnswers(keyOf(sent.at(-1)!)!)).toEqual([]);
    }),
    thanked: andAudit('survey, thank you', async (driver) => {
      const { page, sent } = driver;
      await eventually(async () => expect(await heading(page).textContent()).toBe('Thank you!'));
      await eventually(async () => expect(await isFocused(heading(page))).toBe(true));
      expect(await page.getByTestId('survey-percent').textContent()).toBe('100%');
      // Stored once, as sent, under the key the page sent.
      const rows = await storedSinceStart(driver);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ answers: ALL_MARKERS, contact_email: null, early_access: false });
      expect(String(rows[0]!.user_agent)).toContain('Chrome');
      expect(await page.getByText(`Reference #${rows[0]!.id}`, { exact: true }).isVisible()).toBe(true);
      expect(await keptAnswers(keyOf(sent.at(-1)!)!)).toEqual([{ status_code: 201, body: expect.objectContaining({ id: rows[0]!.id }) }]);
      // The server has the answers: the draft is gone.
      expect(await storedDraft(page)).toBeNull();
    }),
  },
};

describe('operator survey in Chromium against the real server: walks that take every transition of the model (375 px wide)', () => {
  for (const { title, run } of modelPathCases(surveyModel, executors))
    it(title, async () => {
      await run(await openSurvey());
    }, 120_000);
});
