import { assign, emit, fromPromise, setup } from 'xstate';
import type { SurveyPage, SurveyResponse } from '../../../contracts/survey';
import { errorText } from '../../services/shared/error-text';
import type { LegacyFile } from '../../services/shared/legacy';
import { exportSurveyAnswers, loadSurveyAnswers, type SurveyAnswersRequest } from '../../services/survey/survey-answers';

/**
 * Administrators' survey answers: a paged list newest first, one answer open in a drawer, and
 * the CSV export. Two regions, so an export under way survives paging and opening answers.
 *
 *   list:   loading --done--> loaded.closed --answer.open--> loaded.open --answer.close--> loaded.closed
 *           loading --error--> failed --list.retry--> loading;  loaded: page.next / page.previous --> loading
 *   export: idle --export.start--> exporting --done--> idle (the file saved) / --error--> failed --export.start--> exporting
 *
 * The screen reads the tags `loading`, `loaded`, `failed` (the list), `open` (an answer in the
 * drawer) and `exporting`; the exported file is emitted (`screen.save`) for the screen to save.
 */
export const SURVEY_ANSWERS_PAGE_SIZE = 25;

export type SurveyAnswersContext = {
  page: number;
  pageSize: number;
  /** The page shown; kept while the next one loads, so the table does not flicker away. */
  data: SurveyPage | null;
  loadError: string | null;
  /** The answer open in the drawer. */
  selected: SurveyResponse | null;
  exportError: string | null;
};

/** Handing the file to the browser's save is the screen's business (a DOM effect). */
export type SurveyAnswersEmitted = { type: 'screen.save'; file: LegacyFile };

export type SurveyAnswersEvent =
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'list.retry' }
  | { type: 'answer.open'; id: number }
  | { type: 'answer.close' }
  | { type: 'export.start' };

/** How many pages the list has (one, when it is empty). */
export const pageCount = (context: Pick<SurveyAnswersContext, 'data' | 'pageSize'>): number =>
  Math.max(1, Math.ceil((context.data?.count ?? 0) / context.pageSize));

const failure = (error: unknown) => errorText(error, 'Request failed').message;

export const surveyAnswersMachine = setup({
  types: {
    context: {} as SurveyAnswersContext,
    events: {} as SurveyAnswersEvent,
    emitted: {} as SurveyAnswersEmitted,
    tags: {} as 'loading' | 'loaded' | 'failed' | 'open' | 'exporting',
  },
  actors: {
    loadAnswers: fromPromise<SurveyPage, SurveyAnswersRequest>(({ input }) => loadSurveyAnswers(input)),
    exportAnswers: fromPromise<LegacyFile>(() => exportSurveyAnswers()),
  },
  actions: {
    saveExport: emit((_, file: LegacyFile) => ({ type: 'screen.save', file }) as const),
  },
  guards: {
    hasNext: ({ context }) => context.page < pageCount(context),
    hasPrevious: ({ context }) => context.page > 1,
    isListed: ({ context, event }) => event.type === 'answer.open' && context.data?.results.some((row) => row.id === event.id) === true,
  },
}).createMachine({
  id: 'surveyAnswers',
  type: 'parallel',
  context: { page: 1, pageSize: SURVEY_ANSWERS_PAGE_SIZE, data: null, loadError: null, selected: null, exportError: null },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadAnswers',
            src: 'loadAnswers',
            input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
            onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, loadError: null }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => `Couldn't load the survey answers: ${failure(event.error)}` }) },
          },
        },
        failed: { tags: ['failed'], on: { 'list.retry': 'loading' } },
        loaded: {
          tags: ['loaded'],
          initial: 'closed',
          on: {
            'page.next': { guard: 'hasNext', target: 'loading', actions: assign({ page: ({ context }) => context.page + 1, selected: null }) },
            'page.previous': { guard: 'hasPrevious', target: 'loading', actions: assign({ page: ({ context }) => context.page - 1, selected: null }) },
          },
          states: {
            closed: {
              on: {
                'answer.open': {
                  guard: 'isListed',
                  target: 'open',
                  actions: assign({ selected: ({ context, event }) => context.data?.results.find((row) => row.id === event.id) ?? null }),
                },
              },
            },
            open: { tags: ['open'], on: { 'answer.close': { target: 'closed', actions: assign({ selected: null }) } } },
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'export.start': 'exporting' } },
        exporting: {
          tags: ['exporting'],
          invoke: {
            id: 'exportAnswers',
            src: 'exportAnswers',
            onDone: { target: 'idle', actions: [{ type: 'saveExport', params: ({ event }) => event.output }, assign({ exportError: null })] },
            onError: { target: 'failed', actions: assign({ exportError: ({ event }) => `Couldn't export the survey answers: ${failure(event.error)}` }) },
          },
        },
        failed: { on: { 'export.start': 'exporting' } },
      },
    },
  },
});

export type SurveyAnswersMachine = typeof surveyAnswersMachine;
