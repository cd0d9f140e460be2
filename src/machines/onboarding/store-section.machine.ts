import { and, assertEvent, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { loadOnboardingStep, saveOnboardingStep, uploadLogo } from '../../services/onboarding/onboarding';
import { errorText } from '../../services/shared/error-text';
import { editedForms, FORM_EDIT_TYPES, type FieldsEvent, type FormEdit } from './onboarding-edits';
import { checkStep, emptyForms, formFromRaw, sameForm, type OnboardingForms } from './onboarding-forms';
import type { FormStep } from './onboarding-steps';

/**
 * One section of the back office's Store screen (issue 29): one onboarding step's form, edited
 * after launch and saved through the step's own endpoint.
 *
 *   loading --done--> ready.editing        loading --error--> failed --section.retry--> loading
 *   ready.editing --section.save [changed, valid]--> ready.saving --done--> ready.editing (emits `saved`)
 *   ready.editing --section.save [changed, invalid]--> ready.editing, sentences by the fields (emits `refused`)
 *   ready.saving --error--> ready.editing, the server's sentence and `fields` shown (emits `refused`)
 *   ready.editing --logo.upload--> ready.uploading (about only) --> ready.editing
 *
 * Views read it through tags (`loading`, `loadFailed`, `ready`, `saving`, `uploading`) and the
 * selectors below; what the screen must do once (focus the first field in error, announce
 * "Saved") is emitted, never inferred from a state by the view.
 */

export type StoreSectionInput = { restaurantId: string; host: string; step: FormStep };

export type StoreSectionEvent = FieldsEvent | { type: 'section.save' } | { type: 'section.retry' };

/** What the screen is told to do once: say "Saved", or take the focus to what was refused. */
export type StoreSectionEmitted = { type: 'saved'; step: FormStep } | { type: 'refused'; step: FormStep };

export interface StoreSectionContext extends StoreSectionInput {
  /** Every step's form (the shared reducers work on all six); only `forms[step]` is this section's. */
  forms: OnboardingForms;
  /** What the server holds for the step, as a form: Save is offered once the form differs from it. */
  saved: OnboardingForms;
  fieldErrors: Record<string, string>;
  /** The sentence of a failed load or save; null otherwise. */
  error: string | null;
  /** 'Upload failed: ...' under the logo; null otherwise. */
  logoError: string | null;
}

const FALLBACK = 'Request failed';

/** The step's form from what the server answered, in both the form and the baseline. */
const fromServer = (context: StoreSectionContext, answer: unknown) => {
  const form = formFromRaw(context.step, answer);
  return { forms: { ...context.forms, [context.step]: form }, saved: { ...context.saved, [context.step]: form } };
};

const storeSectionSetup = setup({
  types: {
    input: {} as StoreSectionInput,
    context: {} as StoreSectionContext,
    events: {} as StoreSectionEvent,
    emitted: {} as StoreSectionEmitted,
  },
  actors: {
    loadStep: fromPromise<unknown, { restaurantId: string; step: FormStep }>(({ input }) => loadOnboardingStep(input.restaurantId, input.step)),
    saveStep: fromPromise<unknown, { restaurantId: string; step: FormStep; body: unknown }>(({ input }) =>
      saveOnboardingStep(input.restaurantId, input.step, input.body),
    ),
    uploadLogo: fromPromise<string, { file: File | Blob }>(({ input }) => uploadLogo(input.file)),
  },
  guards: {
    // An edit of another step is not this section's (each Fields component names its own step), and
    // the hours rules other than 24/7 itself are locked while open 24/7, as in the onboarding.
    ownEditable: ({ context, event }) =>
      (event.type !== 'field.change' || event.step === context.step) &&
      !((event.type === 'hours.closedWithin' || event.type === 'hours.dayClosed' || event.type === 'hours.time') && context.forms.hours.open_247),
    changed: ({ context }) => isChanged(context),
    valid: ({ context }) => checkStep(context.step, context.forms, context.host).ok,
  },
  actions: {
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, FORM_EDIT_TYPES);
      // A typed field loses its sentence; an hours rule re-checks the whole grid on Save, so all go.
      const fieldErrors =
        event.type === 'field.change' ? withoutKeys(context.fieldErrors, Object.keys(event.patch)) : event.type.startsWith('hours.') ? {} : context.fieldErrors;
      return { forms: editedForms(context.forms, event), fieldErrors, error: null };
    }),
    showCheckErrors: assign(({ context }) => {
      const result = checkStep(context.step, context.forms, context.host);
      return { fieldErrors: result.ok ? {} : result.fields, error: null };
    }),
    rememberError: assign((_, params: { error: unknown }) => {
      const { message, fields } = errorText(params.error, FALLBACK);
      return { error: message, fieldErrors: fields };
    }),
    acceptAnswer: assign(({ context }, params: { answer: unknown }) => ({ ...fromServer(context, params.answer), fieldErrors: {}, error: null })),
    setLogo: assign(({ context }, params: { url: string }) => ({ forms: { ...context.forms, about: { ...context.forms.about, logo_url: params.url } } })),
    rememberUploadError: assign((_, params: { error: unknown }) => ({ logoError: `Upload failed: ${errorText(params.error, FALLBACK).message}` })),
    emitSaved: emit(({ context }) => ({ type: 'saved', step: context.step }) as const),
    emitRefused: emit(({ context }) => ({ type: 'refused', step: context.step }) as const),
  },
});

const withoutKeys = (errors: Record<string, string>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));

/** True when the section's form differs from what the server holds (compared as forms: typed and undone is no change). */
export function isChanged(context: Pick<StoreSectionContext, 'step' | 'forms' | 'saved'>): boolean {
  return !sameForm(context.step, context.forms[context.step], context.saved[context.step]);
}

/** Every edit a Fields component sends, applied when it is this section's and not locked by 24/7. */
const edit = { guard: 'ownEditable', actions: 'applyEdit' } as const;
const edits = Object.fromEntries(FORM_EDIT_TYPES.map((type) => [type, edit])) as Record<FormEdit['type'], typeof edit>;

export const storeSectionMachine = storeSectionSetup.createMachine({
  id: 'storeSection',
  context: ({ input }) => ({ ...input, forms: emptyForms(), saved: emptyForms(), fieldErrors: {}, error: null, logoError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadStep',
        src: 'loadStep',
        input: ({ context }) => ({ restaurantId: context.restaurantId, step: context.step }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => fromServer(context, event.output)) },
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { tags: ['loadFailed'], on: { 'section.retry': { target: 'loading' } } },
    ready: {
      tags: ['ready'],
      initial: 'editing',
      // Nothing is edited while the step is being saved (the view disables the fields too).
      states: {
        editing: {
          on: {
            ...edits,
            'section.save': [
              { guard: and(['changed', 'valid']), target: 'saving' },
              { guard: 'changed', actions: ['showCheckErrors', 'emitRefused'] },
            ],
            'logo.upload': { guard: ({ context }) => context.step === 'about', target: 'uploading' },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveStep',
            src: 'saveStep',
            input: ({ context }) => {
              const result = checkStep(context.step, context.forms, context.host);
              // Stryker disable next-line ConditionalExpression: only checked forms reach saving (the guard)
              return { restaurantId: context.restaurantId, step: context.step, body: result.ok ? result.body : null };
            },
            onDone: { target: 'editing', actions: [{ type: 'acceptAnswer', params: ({ event }) => ({ answer: event.output }) }, 'emitSaved'] },
            onError: { target: 'editing', actions: [{ type: 'rememberError', params: ({ event }) => ({ error: event.error }) }, 'emitRefused'] },
          },
        },
        uploading: {
          tags: ['uploading'],
          entry: assign({ logoError: null }),
          // The about form stays open to typing while its logo uploads.
          on: { 'field.change': edit },
          invoke: {
            id: 'uploadLogo',
            src: 'uploadLogo',
            // Stryker disable next-line ConditionalExpression: only logo.upload enters uploading
            input: ({ event }) => ({ file: event.type === 'logo.upload' ? event.file : new Blob() }),
            onDone: { target: 'editing', actions: { type: 'setLogo', params: ({ event }) => ({ url: event.output }) } },
            onError: { target: 'editing', actions: { type: 'rememberUploadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type StoreSectionMachine = typeof storeSectionMachine;
export type StoreSectionSnapshot = SnapshotFrom<StoreSectionMachine>;

// Selectors the view reads with useSelector.
export const selectChanged = (snapshot: StoreSectionSnapshot) => isChanged(snapshot.context);
export const selectForms = (snapshot: StoreSectionSnapshot) => snapshot.context.forms;
export const selectFieldErrors = (snapshot: StoreSectionSnapshot) => snapshot.context.fieldErrors;
export const selectError = (snapshot: StoreSectionSnapshot) => snapshot.context.error;
export const selectLogoError = (snapshot: StoreSectionSnapshot) => snapshot.context.logoError;
