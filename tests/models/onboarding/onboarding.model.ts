/**
 * The onboarding as an owner sees it, with no effects (createTestModel refuses invoke). Every
 * step can be saved (Next), skipped or left backwards. The failures are modelled on
 * representative steps, so that the paths stay few (tests/machines/onboarding holds every step
 * to the same behaviour):
 *
 * - About's and Hours' saves can be refused by the server (About: its store URL taken; Hours:
 *   the service unavailable). The typed values stay and the alert says why; Next sends them
 *   again, Skip and Back leave, and any change (a typed store URL, a day's switch) reopens the form.
 * - Additional can fail to load (the page reloaded while the service is unavailable): the alert
 *   offers Try again, and Skip and Back still move.
 * - Contacts can be slow to load (the page reloaded, the answer not there yet): Skip and Back
 *   move on at once.
 * - Launch can be refused (what is missing) or accepted (to / for good).
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type OnboardingModelEvent =
  | { type: 'step.next' }
  | { type: 'step.skip' }
  | { type: 'step.back' }
  | { type: 'save.refuse' }
  | { type: 'step.edit' }
  | { type: 'reload.fail' }
  | { type: 'reload.slow' }
  | { type: 'load.retry' }
  | { type: 'launch.refuse' }
  | { type: 'launch.accept' };

const FORM_STEPS = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts'] as const;
type FormStep = (typeof FORM_STEPS)[number];
const target = (index: number) => `#onboardingModel.${index + 1 < FORM_STEPS.length ? FORM_STEPS[index + 1]! : 'launch'}`;

/** What each step adds to the plain form: a refused save, a failed load or a slow one. */
const FAILURES: Partial<Record<FormStep, 'saveRefused' | 'loadFailed' | 'loading'>> = {
  about: 'saveRefused',
  hours: 'saveRefused',
  additional: 'loadFailed',
  contacts: 'loading',
};

function formStep(step: FormStep, index: number) {
  const next = target(index);
  const back = index > 0 ? { 'step.back': `#onboardingModel.${FORM_STEPS[index - 1]}` } : {};
  const moves = { 'step.next': next, 'step.skip': next, ...back };
  switch (FAILURES[step]) {
    case 'saveRefused':
      // Refused, the step still saves (Next), skips and goes back; a change reopens the form.
      return {
        initial: 'editing',
        states: {
          editing: { on: { ...moves, 'save.refuse': 'saveFailed' } },
          saveFailed: { on: { ...moves, 'step.edit': 'editing' } },
        },
      };
    case 'loadFailed':
      // Nothing to save: Next is disabled until Try again has loaded the step.
      return {
        initial: 'editing',
        states: {
          editing: { on: { ...moves, 'reload.fail': 'loadFailed' } },
          loadFailed: { on: { 'step.skip': next, ...back, 'load.retry': 'editing' } },
        },
      };
    case 'loading':
      return {
        initial: 'editing',
        states: {
          editing: { on: { ...moves, 'reload.slow': 'loading' } },
          loading: { on: { 'step.skip': next, ...back } },
        },
      };
    default:
      return { on: moves };
  }
}

export const onboardingModelMachine = setup({
  types: { events: {} as OnboardingModelEvent },
}).createMachine({
  id: 'onboardingModel',
  initial: 'location',
  states: {
    ...Object.fromEntries(FORM_STEPS.map((step, index) => [step, formStep(step, index)])),
    launch: {
      initial: 'ready',
      states: {
        ready: {},
        refused: {},
      },
      on: {
        'launch.refuse': '.refused',
        'launch.accept': 'launched',
        'step.back': 'contacts',
      },
    },
    launched: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const onboardingModel = runAsWalks(createTestModel(onboardingModelMachine));

/** What the owner types on each step before Next, and what the server then holds. */
export const STEP_TITLES = {
  location: 'Where is your restaurant?',
  about: 'About your restaurant',
  delivery: 'Delivery and pickup',
  hours: 'Opening hours',
  additional: 'What makes you special',
  contacts: 'How to reach you',
  launch: 'Ready to launch',
} as const;

export const REFUSALS = {
  save: 'This store URL is already taken. Please choose another.',
  /** Hours' refused save, and Additional's failed load: the server's 503 sentence. */
  unavailable: 'The service is temporarily unavailable.',
  launch: 'Save your location before launching.',
} as const;
