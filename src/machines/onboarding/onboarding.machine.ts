import { assertEvent, and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import { errorText } from '../../services/shared/error-text';
import type { OnboardingStatus } from '../../../contracts/onboarding';
import { fetchOnboardingStatus, launchOnboarding, loadOnboardingStep, saveOnboardingStep, uploadLogo } from '../../services/onboarding/onboarding';
import { clearOnboardingDraft, clearOnboardingDrafts, loadOnboardingDraft, saveOnboardingDraft } from '../../services/onboarding/onboarding-draft';
import { rememberLaunch } from '../../services/shared/session';
import { editedForms, type FormEdit } from './onboarding-edits';
import { checkStep, emptyForms, formFromRaw, hasClientRules, sameForm, toRequest, type OnboardingForms } from './onboarding-forms';
import { FORM_STEPS, ONBOARDING_STEPS, savedStepsOf, stepAfter, stepBefore, type FormStep, type OnboardingStep } from './onboarding-steps';

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
 * address names a step the machine is not on, and navigates whenever the machine moves on by
 * itself (Next, Skip, Back). The machine waits in `idle` for the first `step.open`.
 */

export type { StepEdit } from './onboarding-edits';

export type OnboardingEvent =
  | { type: 'step.open'; step: OnboardingStep }
  | { type: 'step.next' }
  | { type: 'step.skip' }
  | { type: 'step.back' }
  | { type: 'step.retry' }
  | FormEdit
  | { type: 'logo.upload'; file: File | Blob }
  | { type: 'onboarding.launch' };

export interface OnboardingContext {
  restaurantId: string;
  /** The page's host: the store URL's fixed prefix, and part of its message ("Please set your {host} URL."). */
  host: string;
  forms: OnboardingForms;
  /** Sentences next to the inputs: the step's own rules, or the server's `fields`. */
  fieldErrors: Record<string, string>;
  /** The sentence of a failed load, save or launch; null otherwise. */
  error: string | null;
  /** 'Upload failed: ...' under the logo; null otherwise. */
  logoError: string | null;
  /**
   * The step shows the browser's draft, which differs from what the server holds: the values
   * look saved but are not (issue 27), so the step says so.
   */
  fromDraft: boolean;
  /** On the launch step: the steps the server has no saved answer for, in order; null until known. */
  unsavedSteps: FormStep[] | null;
  /**
   * The steps the server holds an answer for, as far as this page knows: what the onboarding's
   * status said when the page opened, and every step saved since. The rail marks only these as
   * done, not every step passed with Skip (issue 27).
   */
  savedSteps: FormStep[];
}

export type OnboardingInput = { restaurantId: string; host: string; savedSteps?: readonly FormStep[] };
/** What `loadStep` answers: the server's values and the browser's draft of the step, if any. */
export type StepLoad = { saved: unknown; draft: Record<string, unknown> | null };
export type StepSave = { restaurantId: string; step: FormStep; body: unknown };

const FALLBACK = 'Request failed';

const onboardingSetup = setup({
  types: {
    input: {} as OnboardingInput,
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
  },
  actors: {
    loadStep: fromPromise<StepLoad, { restaurantId: string; step: FormStep }>(async ({ input }) => ({
      saved: await loadOnboardingStep(input.restaurantId, input.step),
      draft: loadOnboardingDraft(input.restaurantId, input.step),
    })),
    saveStep: fromPromise<unknown, StepSave>(({ input }) => saveOnboardingStep(input.restaurantId, input.step, input.body)),
    uploadLogo: fromPromise<string, { file: File | Blob }>(({ input }) => uploadLogo(input.file)),
    launchOnboarding: fromPromise<unknown, { restaurantId: string }>(({ input }) => launchOnboarding(input.restaurantId)),
    loadProgress: fromPromise<OnboardingStatus, { restaurantId: string }>(({ input }) => fetchOnboardingStatus(input.restaurantId)),
  },
  guards: {
    opens: ({ event }, params: { step: OnboardingStep }) => event.type === 'step.open' && event.step === params.step,
    onStep: ({ event }, params: { step: FormStep }) => event.type === 'field.change' && event.step === params.step,
    stepValid: ({ context }, params: { step: FormStep }) => checkStep(params.step, context.forms, context.host).ok,
    not247: ({ context }) => !context.forms.hours.open_247,
  },
  actions: {
    clearMessages: assign({ fieldErrors: {}, error: null, logoError: null }),
    restoreStep: assign(({ context }, params: { step: FormStep; load: StepLoad }) => {
      const { draft, saved } = params.load;
      return {
        forms: { ...context.forms, [params.step]: formFromRaw(params.step, draft ?? saved) },
        fromDraft: draft !== null && !sameForm(params.step, draft, saved),
      };
    }),
    rememberProgress: assign((_, params: { status: OnboardingStatus }) => ({
      unsavedSteps: FORM_STEPS.filter((step) => !params.status.progress[step]),
      savedSteps: savedStepsOf(params.status.progress),
    })),
    markSaved: assign(({ context }, params: { step: FormStep }) => ({
      savedSteps: context.savedSteps.includes(params.step)
        ? context.savedSteps
        : FORM_STEPS.filter((step) => step === params.step || context.savedSteps.includes(step)),
    })),
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const fieldErrors = { ...context.fieldErrors };
      for (const field of Object.keys(event.patch)) delete fieldErrors[field];
      return { forms: editedForms(context.forms, event), fieldErrors, error: null };
    }),
    addZip: assign(({ context, event }) => {
      assertEvent(event, 'zip.add');
      return { forms: editedForms(context.forms, event) };
    }),
    removeZip: assign(({ context, event }) => {
      assertEvent(event, 'zip.remove');
      return { forms: editedForms(context.forms, event) };
    }),
    applyHoursRule: assign(({ context, event }) => {
      assertEvent(event, [
        'hours.open247',
        'hours.closedWithin',
        'hours.dayClosed',
        'hours.time',
        'hours.timeZone',
        'hours.specialDayAdd',
        'hours.specialDayRemove',
        'hours.specialDayChange',
      ]);
      return { forms: editedForms(context.forms, event), fieldErrors: {}, error: null };
    }),
    setLogo: assign(({ context }, params: { url: string }) => ({
      forms: { ...context.forms, about: { ...context.forms.about, logo_url: params.url } },
    })),
    rememberUploadError: assign((_, params: { error: unknown }) => ({
      logoError: `Upload failed: ${errorText(params.error, FALLBACK).message}`,
    })),
    showStepErrors: assign(({ context }, params: { step: FormStep }) => {
      const result = checkStep(params.step, context.forms, context.host);
      return { fieldErrors: result.ok ? {} : result.fields, error: null };
    }),
    rememberError: assign((_, params: { error: unknown }) => {
      const { message, fields } = errorText(params.error, FALLBACK);
      return { error: message, fieldErrors: fields };
    }),
    persistDraft: ({ context }, params: { step: FormStep }) => saveOnboardingDraft(context.restaurantId, params.step, context.forms[params.step]),
    forgetDraft: ({ context }, params: { step: FormStep }) => clearOnboardingDraft(context.restaurantId, params.step),
    forgetAllDrafts: ({ context }) => clearOnboardingDrafts(context.restaurantId),
    // The landing page (where Launch leads) shows "Your restaurant is live" once, and the back office link.
    noteLaunch: ({ context }) => rememberLaunch(Number(context.restaurantId)),
  },
});

const persist = (step: FormStep) => ({ type: 'persistDraft', params: { step } }) as const;
const rememberError = { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

/** Back, for every step but the first. */
function backFrom(step: OnboardingStep) {
  const before = stepBefore(step);
  return before === null ? {} : { 'step.back': { target: `#onboarding.${before}` } };
}

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
  const after = `#onboarding.${stepAfter(step)}`;
  const moves = { ...backFrom(step), 'step.skip': { target: after } };
  const edit = { guard: { type: 'onStep', params: { step } }, actions: ['applyEdit', persist(step)] } as const;
  // Contacts has no client-side rules (spec section 5): its Next always saves.
  const next = hasClientRules(step)
    ? ([{ guard: { type: 'stepValid', params: { step } }, target: 'saving' }, { actions: { type: 'showStepErrors', params: { step } } }] as const)
    : { target: 'saving' };
  return onboardingSetup.createStateConfig({
    initial: 'loading',
    states: {
      loading: {
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
      failed: { on: { ...moves, 'step.retry': { target: 'loading' } } },
      editing: { on: { ...moves, ...stepEvents(step), 'field.change': edit, 'step.next': next } },
      saving: {
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
            target: after,
            actions: [
              { type: 'forgetDraft', params: { step } },
              { type: 'markSaved', params: { step } },
            ],
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
        on: { ...moves, ...stepEvents(step, 'editing'), 'field.change': { ...edit, target: 'editing' }, 'step.next': { target: 'saving' } },
      },
      // Only About reaches it: the logo on its way to the server, the form still open to edits.
      ...(step === 'about' ? { uploading: uploadingState() } : {}),
    },
  });
}

function uploadingState() {
  return onboardingSetup.createStateConfig({
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
          invoke: {
            id: 'launchOnboarding',
            src: 'launchOnboarding',
            input: ({ context }) => ({ restaurantId: context.restaurantId }),
            onDone: { target: '#onboarding.done' },
            onError: { target: 'failed', actions: rememberError },
          },
        },
        /** The server's refusal (what is missing) stays until the owner tries again or goes back. */
        failed: { on: { ...backFrom('launch'), 'onboarding.launch': { target: 'launching' } } },
      },
    },
    /** Launched: every draft is forgotten, the launch noted, and the view leaves for / (replacing history). */
    done: { type: 'final', entry: ['forgetAllDrafts', 'noteLaunch'] },
  },
});

export type OnboardingMachine = typeof onboardingMachine;

/** The step the machine is on (its top-level state), or null while idle or done. */
export function machineStep(value: unknown): OnboardingStep | null {
  const top = typeof value === 'object' && value !== null ? Object.keys(value)[0] : value;
  return (ONBOARDING_STEPS as readonly unknown[]).includes(top) ? (top as OnboardingStep) : null;
}
