import { and, assign, not, stateIn } from 'xstate';
import { checkStep, emptyForms, hasClientRules, toRequest } from './onboarding-forms';
import { onboardingSetup, persist, rememberError } from './onboarding.actions';
import { ONBOARDING_STEPS, stepAfter, stepBefore, type FormStep, type OnboardingStep } from './onboarding-steps';

/**
 * The seven-step onboarding (spec sections 2 and 4). Each step is a state; the six form steps
 * share one shape:
 *
 *   loading --done--> editing (the saved values, overlaid with the owner's draft if one exists;
 *                    `fromDraft` when that draft differs from what the server holds)
 *   loading --error--> failed --step.retry--> loading
 *   editing --step.next [valid]--> saving --done--> next step (the step's draft forgotten)
 *   editing --step.next [invalid]--> editing, with the contract's sentences next to the inputs
 *   saving --error--> saveFailed (typed values kept, the server's sentence shown; Next retries,
 *                    any edit, zip pill, hours rule or logo reopens the form)
 *   step.skip: the next step, nothing saved;  step.back: the previous step
 *   launch.ready --onboarding.launch--> launching --done--> done | --error--> launch.failed
 *   launch.ready also asks the server which steps are not saved yet (`unsavedSteps`), so the
 *   owner sees what is missing and can go back to it or launch anyway.
 *
 * The address is the source of truth for the step: the view sends `step.open` whenever the
 * address names a step, and the machine opens it unless it is on it already. When the machine
 * moves on by itself (Next saved, Skip, Back) it emits `screen.navigate`, and the view makes the
 * address follow; a new step emits `screen.top`, the first step's Back `screen.exit` and the
 * launch `screen.leave` (OnboardingEmitted). The machine waits in `idle` for the first `step.open`.
 * The view reads the step from `context.step` and the phase from the tags: `loading`,
 * `loadFailed`, `editing`, `saving`, `saveFailed`, `uploading`; `launching` and `launchFailed`.
 */

export type { StepEdit } from './onboarding-edits';
export type { OnboardingContext, OnboardingEmitted, OnboardingEvent, OnboardingInput, OnboardingTag, StepLoad, StepSave } from './onboarding.actions';

/** A move the machine makes by itself: to that step, and the address follows. */
const moveTo = (step: OnboardingStep) => ({ target: `#onboarding.${step}`, actions: { type: 'navigate', params: { to: step } } }) as const;

/** Back: the previous step; on the first step, out of the onboarding (the screen knows where to). */
function backFrom(step: OnboardingStep) {
  const before = stepBefore(step);
  return { 'step.back': before === null ? { actions: 'exit' as const } : moveTo(before) };
}

/** What each step does on entry: the step it is becomes the context's, the one the screen shows. */
const arrive = (step: OnboardingStep) => ({ type: 'arrive', params: { step } }) as const;

/**
 * Events only one step understands: the zip pills, the hours rules and the logo upload. After a
 * refused save they still work and reopen the form, as a typed edit does (`to: 'editing'`).
 */
function stepEvents(step: FormStep, to?: 'editing') {
  const target = to ? { target: to } : {};
  switch (step) {
    case 'delivery':
      return {
        'zip.add': { ...target, actions: ['addZip', persist(step)] },
        'zip.remove': { ...target, actions: ['removeZip', persist(step)] },
      } as const;
    case 'hours': {
      const rule = { ...target, actions: ['applyHoursRule', persist(step)] } as const;
      const weekRule = { ...rule, guard: 'not247' } as const;
      return {
        'hours.open247': rule,
        'hours.closedWithin': weekRule,
        'hours.dayClosed': weekRule,
        'hours.time': weekRule,
        // The zone and the special days apply with 24/7 too (a place open around the clock still closes on holidays).
        'hours.timeZone': rule,
        'hours.specialDayAdd': rule,
        'hours.specialDayRemove': rule,
        'hours.specialDayChange': rule,
      } as const;
    }
    case 'about':
      return { 'logo.upload': { target: 'uploading' } } as const;
    default:
      return {};
  }
}

/** One form step, made from one description so that the six cannot drift apart. */
function formStepState(step: FormStep) {
  const after = moveTo(stepAfter(step));
  const moves = { ...backFrom(step), 'step.skip': after };
  const edit = { guard: { type: 'onStep', params: { step } }, actions: ['applyEdit', persist(step)] } as const;
  // Contacts has no client-side rules (spec section 5): its Next always saves.
  const next = hasClientRules(step)
    ? ([{ guard: { type: 'stepValid', params: { step } }, target: 'saving' }, { actions: { type: 'showStepErrors', params: { step } } }] as const)
    : { target: 'saving' };
  return onboardingSetup.createStateConfig({
    entry: arrive(step),
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        entry: 'clearMessages',
        invoke: {
          id: 'loadStep',
          src: 'loadStep',
          input: ({ context }) => ({ restaurantId: context.restaurantId, step }),
          onDone: { target: 'editing', actions: { type: 'restoreStep', params: ({ event }) => ({ step, load: event.output }) } },
          onError: { target: 'failed', actions: rememberError },
        },
        on: moves,
      },
      failed: { tags: ['loadFailed'], on: { ...moves, 'step.retry': { target: 'loading' } } },
      editing: { tags: ['editing'], on: { ...moves, ...stepEvents(step), 'field.change': edit, 'step.next': next } },
      saving: {
        tags: ['saving'],
        entry: 'clearMessages',
        invoke: {
          id: 'saveStep',
          src: 'saveStep',
          input: ({ context }) => {
            // The guard accepted the step; checking again yields the coerced (trimmed) body.
            const result = checkStep(step, context.forms, context.host);
            // Stryker disable next-line ConditionalExpression: only checked forms reach saving (editing's guard; saveFailed resends them unchanged)
            return { restaurantId: context.restaurantId, step, body: result.ok ? result.body : toRequest(step, context.forms) };
          },
          onDone: {
            target: after.target,
            actions: [{ type: 'forgetDraft', params: { step } }, { type: 'markSaved', params: { step } }, after.actions],
          },
          onError: { target: 'saveFailed', actions: rememberError },
        },
      },
      /**
       * The typed values stay and the server's sentence is shown; Next sends them again (they
       * passed the check). Every control of the step still works: an edit, a zip pill, an hours
       * rule or a logo reopens the form.
       */
      saveFailed: {
        tags: ['saveFailed'],
        on: { ...moves, ...stepEvents(step, 'editing'), 'field.change': { ...edit, target: 'editing' }, 'step.next': { target: 'saving' } },
      },
      // Only About reaches it: the logo on its way to the server, the form still open to edits.
      ...(step === 'about' ? { uploading: uploadingState() } : {}),
    },
  });
}

function uploadingState() {
  return onboardingSetup.createStateConfig({
    tags: ['uploading'],
    entry: assign({ logoError: null }),
    on: { 'field.change': { guard: { type: 'onStep', params: { step: 'about' } }, actions: ['applyEdit', persist('about')] } },
    invoke: {
      id: 'uploadLogo',
      src: 'uploadLogo',
      // Stryker disable next-line ConditionalExpression: only logo.upload enters uploading, so the test is always true
      input: ({ event }) => ({ file: event.type === 'logo.upload' ? event.file : new Blob() }),
      onDone: { target: 'editing', actions: [{ type: 'setLogo', params: ({ event }) => ({ url: event.output }) }, persist('about')] },
      onError: { target: 'editing', actions: { type: 'rememberUploadError', params: ({ event }) => ({ error: event.error }) } },
    },
  });
}

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    step: null,
    host: input.host,
    forms: emptyForms(),
    fieldErrors: {},
    error: null,
    logoError: null,
    fromDraft: false,
    unsavedSteps: null,
    savedSteps: [...(input.savedSteps ?? [])],
  }),
  initial: 'idle',
  on: {
    // The address named another step (a link, the browser's Back): open it; the one the
    // machine is on already is left alone, so navigating after Next does not load it twice.
    'step.open': ONBOARDING_STEPS.map((step) => ({
      guard: and([{ type: 'opens', params: { step } }, not(stateIn(`#onboarding.${step}`))]),
      target: `.${step}`,
    })),
  },
  states: {
    /** Waiting for the address to name the step. */
    idle: {},
    location: formStepState('location'),
    about: formStepState('about'),
    delivery: formStepState('delivery'),
    hours: formStepState('hours'),
    additional: formStepState('additional'),
    contacts: formStepState('contacts'),
    launch: {
      entry: arrive('launch'),
      initial: 'ready',
      states: {
        ready: {
          entry: ['clearMessages', assign({ unsavedSteps: null })],
          // Launch stays usable while the progress loads; a failed read shows no list (the
          // server's refusal still names what launch needs).
          invoke: {
            id: 'loadProgress',
            src: 'loadProgress',
            input: ({ context }) => ({ restaurantId: context.restaurantId }),
            onDone: { actions: { type: 'rememberProgress', params: ({ event }) => ({ status: event.output }) } },
            onError: {},
          },
          on: { ...backFrom('launch'), 'onboarding.launch': { target: 'launching' } },
        },
        launching: {
          tags: ['launching'],
          invoke: {
            id: 'launchOnboarding',
            src: 'launchOnboarding',
            input: ({ context }) => ({ restaurantId: context.restaurantId }),
            onDone: { target: '#onboarding.done' },
            onError: { target: 'failed', actions: rememberError },
          },
        },
        /** The server's refusal (what is missing) stays until the owner tries again or goes back. */
        failed: { tags: ['launchFailed'], on: { ...backFrom('launch'), 'onboarding.launch': { target: 'launching' } } },
      },
    },
    /** Launched: every draft is forgotten, the launch noted, and the screen leaves for the back office (replacing history). */
    done: { type: 'final', entry: ['forgetAllDrafts', 'noteLaunch', { type: 'arrive', params: { step: null } }, 'leave'] },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
