import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { MessageCreate, type Message } from '../../../contracts/leads';
import { checkWith } from '../../../contracts/shared/validation';
import { errorText } from '../../services/shared/error-text';

/**
 * The landing page's notify-me sign-up: a zip code and an email, checked with the same
 * contract the server uses, then sent once through the `submitSignup` actor.
 *
 *   idle --form.submit [valid]--> submitting --done--> done --form.reset--> idle
 *   idle --form.submit [invalid]--> idle (field errors shown)
 *   submitting --error--> failed --form.submit--> submitting
 *   failed --field.change--> idle (the alert goes, typed values stay)
 *
 * What the screen does once, emitted: `screen.refused` when a submit is refused (here or by the
 * server: the focus goes to what to fix), `screen.focus` on `thanks` once signed up and on
 * `form` after "Sign up another address". Tags: `submitting`, `signedUp` (the thanks is shown).
 */

export const SIGNUP_FIELDS = ['zip_code', 'email'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

/** Sent as the message body: the inbox shows where a sign-up came from. */
export const SIGNUP_MESSAGE = 'Notify me when you launch near me.';
/** Spec section 8, word for word. */
export const SIGNUP_SUCCESS = "Thanks! We'll keep you posted.";
export const SIGNUP_FAILURE = 'Failed to submit. Please try again.';

export interface LandingSignupContext {
  zip_code: string;
  email: string;
  /** Sentences shown under the inputs; a field's sentence goes as soon as the field is edited. */
  fieldErrors: Partial<Record<SignupField, string>>;
  /** The failure alert's sentence while in `failed`; null otherwise. */
  error: string | null;
  /**
   * The Idempotency-Key of the values being sent. Pressing the button again after a failure
   * (say a time-out whose request did reach the server) repeats it, so the server answers with
   * the row it already stored instead of storing a second; any edit forgets it.
   */
  attemptKey: string | null;
}

/** What the `submitSignup` actor is given: the checked values and the key to send them under. */
export type SignupRequest = MessageCreate & { idempotencyKey: string };

export type LandingSignupEmitted = { type: 'screen.refused' } | { type: 'screen.focus'; on: 'thanks' | 'form' };

export type LandingSignupEvent = { type: 'field.change'; field: SignupField; value: string } | { type: 'form.submit' } | { type: 'form.reset' };

const EMPTY: LandingSignupContext = { zip_code: '', email: '', fieldErrors: {}, error: null, attemptKey: null };

function check(context: LandingSignupContext) {
  return checkWith(MessageCreate, { zip_code: context.zip_code, email: context.email, message: SIGNUP_MESSAGE });
}

/** Keeps only the sentences that have an input to sit under. */
function pickFieldErrors(fields: Record<string, string>): Partial<Record<SignupField, string>> {
  const picked: Partial<Record<SignupField, string>> = {};
  for (const field of SIGNUP_FIELDS) {
    const sentence = fields[field];
    if (sentence !== undefined) picked[field] = sentence;
  }
  return picked;
}

export const landingSignupMachine = setup({
  types: {
    context: {} as LandingSignupContext,
    events: {} as LandingSignupEvent,
    emitted: {} as LandingSignupEmitted,
  },
  actors: {
    // The HTTP client loads with the first sign-up, not with the page: most visitors only read.
    submitSignup: fromPromise<Message, SignupRequest>(async ({ input: { idempotencyKey, ...signup } }) =>
      (await import('../../services/leads/messages')).createSignup(signup, { idempotencyKey }),
    ),
  },
  guards: {
    formIsValid: ({ context }) => check(context).ok,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _edited, ...otherErrors } = context.fieldErrors;
      return { [event.field]: event.value, fieldErrors: otherErrors, error: null, attemptKey: null };
    }),
    showFieldErrors: assign(({ context }) => {
      const result = check(context);
      return { fieldErrors: result.ok ? {} : pickFieldErrors(result.fields), error: null };
    }),
    startAttempt: assign(({ context }) => ({
      fieldErrors: {},
      error: null,
      attemptKey: context.attemptKey ?? crypto.randomUUID(),
    })),
    rememberFailure: assign((_, params: { error: unknown }) => {
      const { message, fields } = errorText(params.error, SIGNUP_FAILURE);
      return { error: message, fieldErrors: pickFieldErrors(fields) };
    }),
    clearForm: assign(() => ({ ...EMPTY })),
    refused: emit({ type: 'screen.refused' } as const),
    focusThanks: emit({ type: 'screen.focus', on: 'thanks' } as const),
    focusForm: emit({ type: 'screen.focus', on: 'form' } as const),
  },
}).createMachine({
  id: 'landingSignup',
  context: { ...EMPTY },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [{ guard: 'formIsValid', target: 'submitting' }, { actions: ['showFieldErrors', 'refused'] }],
      },
    },
    submitting: {
      tags: ['submitting'],
      entry: 'startAttempt',
      invoke: {
        id: 'submitSignup',
        src: 'submitSignup',
        // The guard has already accepted these values; parsing again gives the trimmed,
        // lower-cased copy the contract promises the server.
        input: ({ context }): SignupRequest => {
          const result = check(context);
          // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: only values formIsValid accepted get here; the fallback never runs
          const signup = result.ok ? result.value : { zip_code: context.zip_code, email: context.email, message: SIGNUP_MESSAGE };
          return { ...signup, idempotencyKey: context.attemptKey ?? crypto.randomUUID() };
        },
        onDone: { target: 'done', actions: 'focusThanks' },
        onError: {
          target: 'failed',
          actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'],
        },
      },
    },
    done: {
      tags: ['signedUp'],
      on: {
        // "Sign up another address": a fresh, empty form.
        'form.reset': { target: 'idle', actions: ['clearForm', 'focusForm'] },
      },
    },
    failed: {
      on: {
        // Editing means the person is fixing something: drop the alert, keep what they typed.
        'field.change': { target: 'idle', actions: 'setField' },
        // Values cannot have changed since they passed the check (any edit leaves `failed`),
        // so a retry goes straight back to the server.
        'form.submit': { target: 'submitting' },
      },
    },
  },
});

export type LandingSignupMachine = typeof landingSignupMachine;
