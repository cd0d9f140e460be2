/**
 * The onboarding as an owner sees it, with no effects (createTestModel refuses invoke). Every
 * step can be saved (Next), skipped or left backwards; About's save can be refused by the
 * server (its store URL taken), which keeps the typed values and shows why; Launch can be
 * refused (what is missing) or accepted (to / for good).
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';

export type OnboardingModelEvent =
  | { type: 'step.next' }
  | { type: 'step.skip' }
  | { type: 'step.back' }
  | { type: 'save.refuse' }
  | { type: 'launch.refuse' }
  | { type: 'launch.accept' };

const FORM_STEPS = ['location', 'about', 'delivery', 'hours', 'additional', 'contacts'] as const;
const after = (index: number) => (index + 1 < FORM_STEPS.length ? FORM_STEPS[index + 1]! : 'launch');

export const onboardingModelMachine = setup({
  types: { events: {} as OnboardingModelEvent },
}).createMachine({
  id: 'onboardingModel',
  initial: 'location',
  states: {
    ...Object.fromEntries(FORM_STEPS.map((step, index) => {
      const moves = {
        'step.next': `#onboardingModel.${after(index)}`,
        'step.skip': `#onboardingModel.${after(index)}`,
        ...(index > 0 ? { 'step.back': `#onboardingModel.${FORM_STEPS[index - 1]}` } : {}),
      };
      if (step !== 'about') return [step, { on: moves }];
      // About is where the server refuses a save: the alert and the typed values stay.
      return [step, {
        initial: 'editing',
        states: { editing: { on: { 'save.refuse': 'saveFailed' } }, saveFailed: {} },
        on: moves,
      }];
    })),
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

export const onboardingModel = createTestModel(onboardingModelMachine);

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
  launch: 'Save your location before launching.',
} as const;
