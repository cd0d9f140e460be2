import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { errorText } from '../../services/shared/error-text';
import type { OnboardingStatus } from '../../../contracts/onboarding';
import { fetchOnboardingStatus, launchOnboarding, loadOnboardingStep, saveOnboardingStep, uploadLogo } from '../../services/onboarding/onboarding';
import { clearOnboardingDraft, clearOnboardingDrafts, loadOnboardingDraft, saveOnboardingDraft } from '../../services/onboarding/onboarding-draft';
import { rememberLaunch } from '../../services/shared/session';
import { editedForms, type FormEdit } from './onboarding-edits';
import { checkStep, formFromRaw, sameForm, type OnboardingForms } from './onboarding-forms';
import { FORM_STEPS, savedStepsOf, type FormStep, type OnboardingStep } from './onboarding-steps';

/**
 * What the onboarding machine (onboarding.machine.ts) is made of: its context, events and
 * effects, the actors it calls, its guards and its actions. The machine file holds the chart.
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
  /** The step the machine is on, the one the screen shows; null while it waits for the address, and once launched. */
  step: OnboardingStep | null;
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

/**
 * What the screen does when the machine moves (docs/architecture.md, "Screens: one way from
 * machine to view"): the address follows a move the machine made itself (Next saved, Skip,
 * Back), a new step starts at the top (not the first one shown), the first step's Back leaves
 * for the page before the onboarding, and once launched the onboarding leaves for the back office
 * (its dashboard, which prompts for a menu while there is none: issue 40).
 */
export type OnboardingEmitted = { type: 'screen.navigate'; to: OnboardingStep } | { type: 'screen.top' } | { type: 'screen.exit' } | { type: 'screen.leave' };

/** What the screen reads of the machine's state (onboarding.machine.ts says which state carries which). */
export type OnboardingTag = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saveFailed' | 'uploading' | 'launching' | 'launchFailed';

export type OnboardingInput = { restaurantId: string; host: string; savedSteps?: readonly FormStep[] };
/** What `loadStep` answers: the server's values and the browser's draft of the step, if any. */
export type StepLoad = { saved: unknown; draft: Record<string, unknown> | null };
export type StepSave = { restaurantId: string; step: FormStep; body: unknown };

const FALLBACK = 'Request failed';

export const persist = (step: FormStep) => ({ type: 'persistDraft', params: { step } }) as const;
export const rememberError = { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

export const onboardingSetup = setup({
  types: {
    input: {} as OnboardingInput,
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    emitted: {} as OnboardingEmitted,
    tags: {} as OnboardingTag,
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
    // A new step starts at the top, the rail in view (its heading takes the focus, StepHeading);
    // not the first step shown, which the page load put at the top.
    arrive: enqueueActions(({ context, enqueue }, params: { step: OnboardingStep | null }) => {
      if (context.step !== null && params.step !== null) enqueue.emit({ type: 'screen.top' });
      enqueue.assign({ step: params.step });
    }),
    /** The machine moved by itself: the address follows. */
    navigate: emit((_, params: { to: OnboardingStep }) => ({ type: 'screen.navigate', to: params.to }) as const),
    exit: emit({ type: 'screen.exit' }),
    leave: emit({ type: 'screen.leave' }),
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
    // From now on the account's links lead to the back office, not back to the onboarding.
    noteLaunch: ({ context }) => rememberLaunch(Number(context.restaurantId)),
  },
});
