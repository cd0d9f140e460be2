/**
 * The operator survey as a person sees it, with no effects (createTestModel refuses invoke).
 * The real machine names its steps; here they are numbered because the screen numbers them
 * ("Step 3 of 8"), and the runners assert exactly that.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';

export type SurveyModelEvent =
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'survey.submit' }
  | { type: 'server.accept' }
  | { type: 'server.reject' };

const STEPS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export const surveyModelMachine = setup({
  types: { events: {} as SurveyModelEvent },
}).createMachine({
  id: 'surveyModel',
  initial: 'step1',
  states: {
    ...Object.fromEntries(STEPS.map((step) => [`step${step}`, {
      on: {
        ...(step > 1 ? { 'step.back': `step${step - 1}` } : {}),
        ...(step < 8 ? { 'step.next': `step${step + 1}` } : { 'survey.submit': 'submitting' }),
      },
    }])),
    /** The request is out: Submit shows it is busy, the answers cannot change. */
    submitting: { on: { 'server.accept': 'thanked', 'server.reject': 'failed' } },
    /** "HTTP Error: ..." above the last step's answers; Submit sends them again. */
    failed: { on: { 'survey.submit': 'submitting', 'step.back': 'step7' } },
    thanked: {},
  },
});

export const surveyModel = createTestModel(surveyModelMachine);

/** One answer typed or chosen on each step; the runners check they all reach the server. */
export const STEP_MARKERS = {
  1: { label: 'Restaurant or business name', field: 'business_name', value: 'Pizza Loco' },
  2: { label: 'What frustrates you most about it?', field: 'pos_painpoints', value: 'Slow menu sync' },
  3: { label: 'What would you add or change about how guests order?', field: 'ordering_wishlist', value: 'Kiosks' },
  4: { radio: 'ChowNow', field: 'white_label', value: 'ChowNow' },
  5: { label: 'Frustration 1', field: 'delivery_frustrations', value: 'Commissions' },
  6: { label: 'Where does your team lose the most time?', field: 'ops_efficiency_text', value: 'Prep' },
  7: { label: 'Which reports do you wish you had?', field: 'reports_needed', value: 'Profit' },
  8: { label: 'Which feature would make the biggest difference to you?', field: 'wish_feature', value: 'One tablet' },
} as const;

export const STEP_TITLES = [
  'About you and your restaurant',
  'Your point of sale',
  'Ordering in the restaurant',
  'Delivery and online orders',
  'What delivery costs you',
  'Your team',
  'Systems and numbers',
  'Last words',
] as const;

export const SURVEY_REJECTION = {
  status: 'HTTP 503 Service Unavailable',
  body: { detail: 'The service is temporarily unavailable. Please try again shortly.', code: 'database_unavailable' },
  alert: 'HTTP Error: The service is temporarily unavailable. Please try again shortly.',
} as const;
