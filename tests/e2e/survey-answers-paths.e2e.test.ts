/**
 * The survey answers model of tests/views/survey/survey-answers.view.test.tsx, driven through the
 * built app in Chromium against the real server (PGlite in a temporary folder), as a platform
 * administrator of its own for each path. Nothing is answered in the browser: the list and export
 * calls are held there only so that `loading`, `loadingPage2` and `exporting` can be seen, then
 * let through unchanged. Each path starts from 30 answers stored by the server's own survey
 * domain, one a minute; what an answer depends on is arranged at the server while its call is held:
 * - `server.empty`: every stored answer is gone.
 * - `server.fail`, `server.exportFail`: another superadmin has taken the administrator's rights
 *   away (given back once the call is answered), so the server refuses the call.
 */
import type { Download, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseWith } from '#contracts/shared/validation';
import { SurveyResponseCreate } from '#contracts/survey';
import { submitSurveyResponse } from '#server/domain/survey/survey';
import { QUESTION_LABELS } from '#src/views/survey/survey-steps';
import { answersOf, surveyAnswersModel } from '../models/survey/survey-answers.model';
import { modelPathCases, type PathExecutors } from '../support/model-paths';
import { notedBeforeEachEvent } from '../support/noted-executors';
import { auditedStates } from './accounts-audit';
import { UNLIMITED, eventually } from './accounts-server';
import {
  NOT_AN_ADMINISTRATOR,
  adminSession,
  downloadsOf,
  heldCall,
  holdCalls,
  letThrough,
  queryOf,
  savedCsv,
  withoutRights,
  type AdminSession,
} from './backoffice-server';
import { newPage, withApp } from './harness';
import { openAs } from './menu-session';

const TOTAL = 30;
const PAGE_SIZE = 25;
const AGENT = 'Tests/1.0';
/** The machine's alerts (src/machines/survey/survey-answers.machine.ts). */
const LOAD_FAILED = "Couldn't load the survey answers: ";
const EXPORT_FAILED = "Couldn't export the survey answers: ";

const running = withApp(UNLIMITED);

/** A stored answer: the survey's number and the id the server gave it. */
type Stored = { n: number; id: number; created_at: string };

type Driver = {
  page: Page;
  admin: AdminSession;
  /** The answers the server holds, newest first. */
  stored: Stored[];
  /** The export the server answered in the model's last event, if it did, as the browser received it. */
  exported: string | null;
  list: Route[];
  exports: Route[];
  downloads: Download[];
  /** How many files the browser had saved just before the model's last event. */
  downloadsBefore: number;
};

/** 30 answers sent through the server's survey domain, one a minute up to 20 November 2026 at 09:30 UTC. */
async function storeAnswers(): Promise<Stored[]> {
  await running.app.query('delete from survey_responses');
  const stored: Stored[] = [];
  for (let n = 1; n <= TOTAL; n += 1) {
    const at = new Date(Date.UTC(2026, 10, 20, 9, n));
    // Checked by the survey's own contract first, as the server's route would check them.
    const answer = await submitSurveyResponse(running.app.database.db, parseWith(SurveyResponseCreate, answersOf(n)), {
      idempotencyKey: undefined,
      userAgent: AGENT,
      clock: () => at,
    });
    expect(answer.statusCode).toBe(201);
    const { id, created_at: createdAt } = answer.body as { id: number; created_at: string };
    stored.unshift({ n, id, created_at: createdAt });
  }
  return stored;
}

async function openAnswers(): Promise<Driver> {
  const stored = await storeAnswers();
  const admin = await adminSession(running.app);
  const page = await newPage(running.browser);
  const driver: Driver = {
    page,
    admin,
    stored,
    exported: null,
    list: await holdCalls(page, /^\/api\/surveys\/operator\/$/),
    exports: await holdCalls(page, /^\/api\/surveys\/operator\/export\/$/),
    downloads: downloadsOf(page),
    downloadsBefore: 0,
  };
  await openAs(page, running.app, admin, '/admin/messages/surveys');
  return driver;
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const table = (page: Page) => page.getByRole('table', { name: 'Survey answers, newest first' });
const alert = (page: Page) => page.getByRole('alert');
const footer = (page: Page) => page.getByText(/^Page \d+ \/ \d+ • \d+$/);
const drawer = (page: Page) => page.getByRole('dialog');

const andAudit = auditedStates();

/** The list call for `pageNumber` is held; the page shown (if any) waits with Prev and Next disabled. */
async function expectLoading({ page, list }: Driver, pageNumber: number) {
  expect(queryOf(await heldCall(list))).toEqual({ page: String(pageNumber), page_size: String(PAGE_SIZE) });
  await eventually(async () => {
    if ((await footer(page).count()) === 0) {
      expect(await page.getByLabel('Loading survey answers').isVisible()).toBe(true);
    } else {
      expect(await table(page).getAttribute('aria-busy')).toBe('true');
      expect(await button(page, 'Prev').isDisabled()).toBe(true);
      expect(await button(page, 'Next').isDisabled()).toBe(true);
    }
  });
}

/** Page `pageNumber` of what the server holds: its rows newest first, the footer, Prev and Next; no drawer, no alert. */
async function expectPage({ page, stored }: Driver, pageNumber: number) {
  const pages = Math.ceil(stored.length / PAGE_SIZE);
  const shown = stored.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE);
  await eventually(async () => {
    expect(await footer(page).textContent()).toBe(`Page ${pageNumber} / ${pages} • ${stored.length}`);
    expect(await button(page, 'Next').isDisabled()).toBe(pageNumber === pages);
  });
  expect(await button(page, 'Prev').isDisabled()).toBe(pageNumber === 1);
  const rows = table(page).getByRole('row');
  expect(await rows.count()).toBe(shown.length + 1);
  expect(await table(page).getByRole('button').allTextContents()).toEqual(shown.map(({ n }) => `Restaurant ${n}`));
  const first = shown[0]!;
  const cells = await rows.nth(1).getByRole('cell').allTextContents();
  expect(cells.slice(1)).toEqual([`Restaurant ${first.n}`, 'Other: Co-founder', 'Toast', first.n % 2 === 0 ? 'Yes' : 'No', `owner${first.n}@example.com`]);
  expect(cells[0]).toMatch(/^\d{1,2}\/\d{1,2}\/2026$/);
  expect(await drawer(page).count()).toBe(0);
  expect(await alert(page).count()).toBe(0);
}

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent<Driver>(
    {
      'server.answer': ({ list }) => letThrough(list, 200),
      'server.empty': (driver) =>
        letThrough(driver.list, 200, async () => {
          await running.app.query('delete from survey_responses');
          driver.stored = [];
        }),
      'server.fail': ({ list, admin }) => withoutRights(running.app, admin, () => letThrough(list, 403)),
      'list.retry': ({ page }) => button(page, 'Retry').click(),
      'page.next': ({ page }) => button(page, 'Next').click(),
      'page.previous': ({ page }) => button(page, 'Prev').click(),
      'answer.open': ({ page, stored }) =>
        table(page)
          .getByRole('button', { name: `Restaurant ${stored[0]!.n}`, exact: true })
          .click(),
      'answer.close': async ({ page }) => {
        await drawer(page).getByRole('button', { name: 'Close' }).click();
        await drawer(page).waitFor({ state: 'detached', timeout: 10_000 });
      },
      'export.start': ({ page }) => button(page, 'Export CSV').click(),
      'server.exported': async (driver) => {
        driver.exported = await letThrough(driver.exports, 200);
      },
      'server.exportFail': ({ exports, admin }) => withoutRights(running.app, admin, () => letThrough(exports, 403)),
    },
    (driver) => {
      driver.exported = null;
      driver.downloadsBefore = driver.downloads.length;
    },
  ),
  states: {
    loading: (driver) => expectLoading(driver, 1),
    loadingPage2: (driver) => expectLoading(driver, 2),
    failed: andAudit('survey answers, list refused', async ({ page }) => {
      // The alert's title, then the server's reason.
      await eventually(async () => expect(await alert(page).textContent()).toBe(`Couldn't load this page${LOAD_FAILED}${NOT_AN_ADMINISTRATOR}Retry`));
      expect(await button(page, 'Retry').isEnabled()).toBe(true);
      expect(await table(page).count()).toBe(0);
    }),
    empty: andAudit('survey answers, none yet', async ({ page }) => {
      await eventually(async () => expect(await page.getByText('No survey answers yet.', { exact: true }).isVisible()).toBe(true));
      expect(await table(page).count()).toBe(0);
      expect(await running.app.query('select id from survey_responses')).toEqual([]);
    }),
    page1: andAudit('survey answers', async (driver) => {
      await expectPage(driver, 1);
      // A file is saved in the step that the server answered the export, and in no other.
      if (driver.exported === null) {
        expect(driver.downloads).toHaveLength(driver.downloadsBefore);
        return;
      }
      // The file the browser saved is the server's export: every stored answer, newest first.
      await eventually(async () => expect(driver.downloads).toHaveLength(driver.downloadsBefore + 1));
      const { name, lines } = await savedCsv(driver.downloads.at(-1)!);
      expect(name).toMatch(/^survey-answers-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(lines.join('\r\n')).toBe(driver.exported.replace(/\r\n$/, ''));
      expect(lines[0]).toMatch(/^id,created_at,business_name,role,role_other,restaurant_types,/);
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 5))).toEqual(
        driver.stored.map(({ n, id, created_at: createdAt }) => [String(id), createdAt, `Restaurant ${n}`, 'Other', 'Co-founder']),
      );
      expect(await button(driver.page, 'Export CSV').getAttribute('data-loading')).toBeNull();
    }),
    page2: (driver) => expectPage(driver, 2),
    drawer: andAudit('survey answer drawer', async ({ page, stored }) => {
      const newest = stored[0]!;
      const open = page.getByRole('dialog', { name: `Restaurant ${newest.n}` });
      await open.waitFor({ timeout: 10_000 });
      // Every question as the survey asks it, the answers in words.
      const questions = await open.locator('dt').allTextContents();
      expect(questions).toEqual([...Object.values(QUESTION_LABELS), 'Received', 'Browser']);
      const answers = Object.fromEntries((await open.locator('dd').allTextContents()).map((text, index) => [questions[index], text]));
      expect(answers).toMatchObject({
        [QUESTION_LABELS.business_name]: `Restaurant ${newest.n}`,
        [QUESTION_LABELS.role]: 'Other',
        [QUESTION_LABELS.role_other]: 'Co-founder',
        [QUESTION_LABELS.restaurant_types]: 'Fast Casual, Ghost Kitchen',
        [QUESTION_LABELS.pos_system]: 'Toast',
        [QUESTION_LABELS.pos_satisfaction]: 'Not answered',
        Browser: AGENT,
      });
      expect(answers['Received']).toMatch(/2026/);
      // The keyboard is in the drawer.
      await eventually(async () => expect(await open.evaluate((node) => node.contains(document.activeElement))).toBe(true));
    }),
    exporting: async ({ page, exports }) => {
      expect(queryOf(await heldCall(exports))).toEqual({});
      await eventually(async () => expect(await button(page, 'Export CSV').getAttribute('data-loading')).not.toBeNull());
    },
    exportFailed: andAudit('survey answers, export refused', async (driver) => {
      const { page, downloads } = driver;
      await eventually(async () => expect((await alert(page).textContent())?.trim()).toBe(`${EXPORT_FAILED}${NOT_AN_ADMINISTRATOR}`));
      expect(await table(page).isVisible()).toBe(true);
      expect(await footer(page).textContent()).toBe(`Page 1 / 2 • ${TOTAL}`);
      expect(await button(page, 'Export CSV').getAttribute('data-loading')).toBeNull();
      // Nothing was saved in this step.
      expect(downloads).toHaveLength(driver.downloadsBefore);
    }),
  },
};

describe('survey answers in Chromium against the real server: walks that take every transition of the model', () => {
  for (const { title, run } of modelPathCases(surveyAnswersModel, executors))
    it(title, async () => {
      await run(await openAnswers());
    }, 120_000);
});
