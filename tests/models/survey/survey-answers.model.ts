/**
 * The survey answers screen as an administrator sees it, with no effects (createTestModel refuses
 * invoke): the list's first answer, a two-page list, an answer in the drawer, the export.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { SurveyResponseCreate } from '#contracts/survey';
import { runAsWalks } from '../../support/model-paths';

export type SurveyAnswersModelEvent =
  | { type: 'server.answer' }
  | { type: 'server.empty' }
  | { type: 'server.fail' }
  | { type: 'list.retry' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'answer.open' }
  | { type: 'answer.close' }
  | { type: 'export.start' }
  | { type: 'server.exported' }
  | { type: 'server.exportFail' };

export const surveyAnswersModelMachine = setup({ types: { events: {} as SurveyAnswersModelEvent } }).createMachine({
  id: 'surveyAnswersModel',
  initial: 'loading',
  states: {
    /** The first page is asked for. */
    loading: { on: { 'server.answer': 'page1', 'server.empty': 'empty', 'server.fail': 'failed' } },
    failed: { on: { 'list.retry': 'loading' } },
    empty: {},
    page1: { on: { 'page.next': 'loadingPage2', 'answer.open': 'drawer', 'export.start': 'exporting' } },
    loadingPage2: { on: { 'server.answer': 'page2' } },
    page2: { on: { 'page.previous': 'loading' } },
    drawer: { on: { 'answer.close': 'page1' } },
    exporting: { on: { 'server.exported': 'page1', 'server.exportFail': 'exportFailed' } },
    exportFailed: { on: { 'export.start': 'exporting' } },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const surveyAnswersModel = runAsWalks(createTestModel(surveyAnswersModelMachine));

/** The answers of stored survey `n`, as a person sent them: what both runners list and show. */
export const answersOf = (n: number): SurveyResponseCreate => ({
  business_name: `Restaurant ${n}`,
  role: 'Other',
  role_other: 'Co-founder',
  pos_system: 'Toast',
  restaurant_types: ['Fast Casual', 'Ghost Kitchen'],
  early_access: n % 2 === 0,
  contact_email: `owner${n}@example.com`,
});
