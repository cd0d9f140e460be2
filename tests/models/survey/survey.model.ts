/**
 * The operator survey as a person sees it, with no effects (createTestModel refuses invoke).
 * The real machine names its steps; here they are numbered because the screen numbers them
 * ("Step 3 of 8"), and the runners assert exactly that.
 *
 * Besides walking the steps and sending, the model follows one story on every step that asks a
 * multiple-choice question: the person ticks an option, reloads the page (the survey comes back
 * on that step from its draft, the option still ticked), and unticks it again. A reload after a
 * failed send comes back on the last step with the answers, the alert gone. The story's states
 * take no other event, so that each step adds one path, not one per combination.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type SurveyModelEvent =
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'survey.submit' }
  | { type: 'server.accept' }
  | { type: 'server.reject' }
  | { type: 'option.tick' }
  | { type: 'option.untick' }
  | { type: 'page.reload' };

const STEPS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** The option each step with a multiple-choice question ticks (steps 2 and 8 have none). */
export const STEP_TICKS = {
  1: { group: 'What kind of restaurant do you run?', field: 'restaurant_types', option: 'Food Truck' },
  3: { group: 'Which of these do you use?', field: 'ordering_devices', option: 'QR code menus' },
  4: { group: 'Which delivery apps take orders for you?', field: 'delivery_apps', option: 'DoorDash' },
  5: { group: 'Which of these interest you?', field: 'delivery_interests', option: 'Advanced loyalty program' },
  6: { group: 'Which staff tasks do you use software for?', field: 'staff_tools_used', option: 'Scheduling' },
  7: { group: 'Which of these systems do you use?', field: 'systems_used', option: 'Inventory management' },
} as const;

const at = (step: number) => `#surveyModel.step${step}`;

function stepState(step: (typeof STEPS)[number]) {
  const moves = {
    ...(step > 1 ? { 'step.back': at(step - 1) } : {}),
    ...(step < 8 ? { 'step.next': at(step + 1) } : { 'survey.submit': '#surveyModel.submitting' }),
  };
  if (!(step in STEP_TICKS)) return { on: moves };
  return {
    initial: 'shown',
    states: {
      shown: { on: { ...moves, 'option.tick': 'ticked' } },
      /** The option is ticked, and the draft has it. */
      ticked: { on: { 'page.reload': 'resumed' } },
      /** After a reload: the same step, the option still ticked, every earlier answer kept. */
      resumed: { on: { 'option.untick': 'shown' } },
    },
  };
}

export const surveyModelMachine = setup({
  types: { events: {} as SurveyModelEvent },
}).createMachine({
  id: 'surveyModel',
  initial: 'step1',
  states: {
    ...Object.fromEntries(STEPS.map((step) => [`step${step}`, stepState(step)])),
    /** The request is out: Submit shows it is busy, the answers cannot change. */
    submitting: { on: { 'server.accept': 'thanked', 'server.reject': 'failed' } },
    /** "HTTP Error: ..." above the last step's answers; Submit sends them again. */
    failed: { on: { 'survey.submit': 'submitting', 'step.back': at(7), 'page.reload': at(8) } },
    thanked: {},
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const surveyModel = runAsWalks(createTestModel(surveyModelMachine));
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

/** What the walk to the last step answers, as the request must carry it (and the server store it). */
export const ALL_MARKERS = {
  business_name: 'Pizza Loco',
  pos_painpoints: 'Slow menu sync',
  ordering_wishlist: 'Kiosks',
  white_label: 'ChowNow',
  delivery_frustrations: ['Commissions'],
  ops_efficiency_text: 'Prep',
  reports_needed: 'Profit',
  wish_feature: 'One tablet',
  early_access: false,
};

/**
 * The request the survey should send for the steps answered and the options ticked so far
 * (blanks left out, early_access always there): both runners check the real one against it.
 */
export function expectedRequest({ answered, ticked }: { answered: Iterable<number>; ticked: Iterable<number> }): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const step of answered) {
    const marker = STEP_MARKERS[step as keyof typeof STEP_MARKERS];
    request[marker.field] = marker.field === 'delivery_frustrations' ? [marker.value] : marker.value;
  }
  for (const step of ticked) {
    const tick = STEP_TICKS[step as keyof typeof STEP_TICKS];
    request[tick.field] = [tick.option];
  }
  return { ...request, early_access: false };
}

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
