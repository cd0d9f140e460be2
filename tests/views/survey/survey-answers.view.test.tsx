import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { SurveyPage, SurveyResponse } from '#contracts/survey';
import { surveyAnswersMachine } from '#src/machines/survey/survey-answers.machine';
import type { LegacyFile } from '#src/services/shared/legacy';
import type { SurveyAnswersRequest } from '#src/services/survey/survey-answers';
import { theme } from '#src/theme';
import { SurveyAnswersView } from '#src/views/survey/survey-answers.view';
import { QUESTION_LABELS } from '#src/views/survey/survey-steps';
import { answersOf, surveyAnswersModel } from '../../models/survey/survey-answers.model';
import { provideChecked } from '../../support/contract-double';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { notedBeforeEachEvent } from '../../support/noted-executors';

// ---------------------------------------------------------------------------------------------
// A server the test answers: 30 stored answers, newest (id 30) first, 25 a page.

const TOTAL = 30;
const answer = (id: number): SurveyResponse => ({
  id,
  created_at: new Date(Date.UTC(2026, 10, 20, 9, id)).toISOString(),
  user_agent: 'Tests/1.0',
  ...answersOf(id),
});
const pageOf = (page: number): SurveyPage => {
  const ids = Array.from({ length: TOTAL }, (_, index) => TOTAL - index).slice((page - 1) * 25, page * 25);
  return { count: TOTAL, next: null, previous: null, results: ids.map(answer) };
};
const FILE: LegacyFile = { blob: new Blob(['id\r\n']), filename: 'survey-answers-2026-11-25.csv' };

type Pending<T, I = void> = { input: I; resolve: (value: T) => void; reject: (error: unknown) => void };

function createFakes() {
  const loads: Pending<SurveyPage, SurveyAnswersRequest>[] = [];
  const exports: Pending<LegacyFile>[] = [];
  const machine = provideChecked(surveyAnswersMachine, {
    actors: {
      loadAnswers: fromPromise<SurveyPage, SurveyAnswersRequest>(({ input }) => new Promise((resolve, reject) => loads.push({ input, resolve, reject }))),
      exportAnswers: fromPromise<LegacyFile>(() => new Promise((resolve, reject) => exports.push({ input: undefined, resolve, reject }))),
    },
  });
  return { machine, loads, exports };
}

/** What the browser was asked to save: the real saveFile clicks a download link. */
let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Driver = {
  user: UserEvent;
  fakes: ReturnType<typeof createFakes>;
  /** How many files the browser had been asked to save just before the model's last event. */
  downloadsBefore: number;
};

function renderAnswers(): Driver {
  const fakes = createFakes();
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={memoryLocation({ path: '/messages/surveys' }).hook}>
        <SurveyAnswersView machine={fakes.machine} />
      </Router>
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), fakes, downloadsBefore: 0 };
}

async function take<T>(queue: T[]): Promise<T> {
  await waitFor(() => expect(queue, 'exactly one request should be waiting').toHaveLength(1));
  return queue.shift()!;
}

const button = (name: string) => screen.getByRole('button', { name });
const table = () => screen.getByRole('table', { name: 'Survey answers, newest first' });

async function expectPage(page: number) {
  await waitFor(() => expect(screen.getByText(`Page ${page} / 2 • ${TOTAL}`)).toBeInTheDocument());
  const rows = within(table()).getAllByRole('row').slice(1);
  const first = TOTAL - (page - 1) * 25;
  expect(rows).toHaveLength(page === 1 ? 25 : 5);
  expect(within(rows[0]!).getByRole('button', { name: `Restaurant ${first}` })).toBeInTheDocument();
  expect(rows[0]).toHaveTextContent(`Other: Co-founder`);
  expect(rows[0]).toHaveTextContent(`owner${first}@example.com`);
  expect(button('Prev')).toHaveProperty('disabled', page === 1);
  expect(button('Next')).toHaveProperty('disabled', page === 2);
  expect(screen.queryByRole('dialog')).toBeNull();
}

const executors: PathExecutors<Driver> = {
  states: {
    loading: async ({ fakes }) => {
      await waitFor(() => expect(fakes.loads).toHaveLength(1));
      expect(fakes.loads[0]!.input).toEqual({ page: 1, pageSize: 25 });
    },
    loadingPage2: async ({ fakes }) => {
      await waitFor(() => expect(fakes.loads).toHaveLength(1));
      expect(fakes.loads[0]!.input).toEqual({ page: 2, pageSize: 25 });
    },
    failed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load the survey answers");
      expect(screen.queryByRole('table')).toBeNull();
    },
    empty: async () => {
      expect(await screen.findByText('No survey answers yet.')).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
    },
    page1: () => expectPage(1),
    page2: () => expectPage(2),
    drawer: async () => {
      const drawer = await screen.findByRole('dialog', { name: 'Restaurant 30' });
      // Every question as the survey asks it, the answers in words.
      for (const label of Object.values(QUESTION_LABELS)) expect(within(drawer).getByText(label)).toBeInTheDocument();
      expect(within(drawer).getByText('Fast Casual, Ghost Kitchen')).toBeInTheDocument();
      expect(within(drawer).getByText('Co-founder')).toBeInTheDocument();
      expect(within(drawer).getByText('owner30@example.com')).toBeInTheDocument();
      expect(within(drawer).getAllByText('Not answered').length).toBeGreaterThan(0);
    },
    exporting: async ({ fakes }) => {
      await waitFor(() => expect(fakes.exports).toHaveLength(1));
      expect(button('Export CSV')).toHaveAttribute('data-loading');
    },
    exportFailed: async ({ downloadsBefore }) => {
      expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't export the survey answers");
      await expectPage(1);
      // Nothing was saved in this step.
      expect(downloads).toHaveLength(downloadsBefore);
    },
  },
  events: notedBeforeEachEvent<Driver>(
    {
      'server.answer': async ({ fakes }) => {
        const load = await take(fakes.loads);
        load.resolve(pageOf(load.input.page));
      },
      'server.empty': async ({ fakes }) => (await take(fakes.loads)).resolve({ count: 0, next: null, previous: null, results: [] }),
      'server.fail': async ({ fakes }) => (await take(fakes.loads)).reject(new Error('HTTP 503')),
      'list.retry': ({ user }) => user.click(button('Retry')),
      'page.next': ({ user }) => user.click(button('Next')),
      'page.previous': ({ user }) => user.click(button('Prev')),
      'answer.open': ({ user }) => user.click(screen.getByRole('button', { name: 'Restaurant 30' })),
      'answer.close': async ({ user }) => {
        await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      },
      'export.start': ({ user }) => user.click(button('Export CSV')),
      'server.exported': async ({ fakes, downloadsBefore }) => {
        (await take(fakes.exports)).resolve(FILE);
        // One file saved in this step: the server's.
        await waitFor(() => expect(downloads.slice(downloadsBefore)).toEqual(['survey-answers-2026-11-25.csv']));
      },
      'server.exportFail': async ({ fakes }) => (await take(fakes.exports)).reject(new Error('HTTP 503')),
    },
    (driver) => {
      driver.downloadsBefore = downloads.length;
    },
  ),
};

const cases = modelPathCases(surveyAnswersModel, executors);

describe('survey answers view: walks that take every transition of the model', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    // modelPathCases made the meta-checks; the walks (or, with --shortest, one path per
    // transition) take every transition.
    expect(untakenTransitions(surveyAnswersModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderAnswers());
    }, 60_000);
});

describe('survey answers view: the screen', () => {
  it('names itself in the tab and under one h1, with the leads tabs', async () => {
    renderAnswers();
    expect(screen.getByRole('heading', { level: 1, name: 'Survey answers' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Survey answers · Back office/));
    const tabs = screen.getByRole('navigation', { name: 'Leads' });
    expect(within(tabs).getByRole('link', { name: 'Survey answers' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens an answer from its row too, and the table scrolls in a named region', async () => {
    const { user, fakes } = renderAnswers();
    await executors.events['server.answer']!({ user, fakes, downloadsBefore: 0 }, { type: 'server.answer' });
    expect(await screen.findByRole('region', { name: 'Survey answers table' })).toHaveAttribute('tabindex', '0');
    await user.click(within(table()).getAllByRole('row')[2]!.firstElementChild!);
    expect(await screen.findByRole('dialog', { name: 'Restaurant 29' })).toBeInTheDocument();
  });
});
