import { assertEvent, assign, emit, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { MESSAGES, type DetailResponse, type ForgotRequest, type ResetRequest } from '../../../contracts/accounts';
import { Email } from '../../../contracts/shared/text';
import { checkWith } from '../../../contracts/shared/validation';
import { forgotPassword, resetPassword } from '../../services/accounts/auth';
import { FIELDS_NOT_VALID, authFailure, pickFields } from './auth-errors';
import { resendLockMachine } from './resend-lock.machine';
import { checkResetRequest } from './reset-password.machine';
import { AFTER_RESET, REFUSED, navigateTo, type AuthScreenEffect } from './screen-effects';

/**
 * Forgot password (spec section 2): request (email), then reset (code + new password) with
 * Resend under the 60-second lock; a successful reset ends in `done`, emitting
 * screen.passwordChanged (the address) and screen.navigate to /login?reset=1.
 *
 *   request.editing --request.submit [valid]--> request.sending --done--> reset.editing (lock starts)
 *   reset.editing --reset.submit [valid]--> reset.saving --done--> done
 *   reset.editing --code.resend [lock ready]--> reset.resending --done--> reset.editing (lock again)
 *   reset.editing --step.back--> request.editing (another address)
 * A submit refused here or by the server emits screen.refused. Tags: the stage shown
 * (`requestStep`, `resetStep`; `done` keeps the reset stage up) and its work (`sending`,
 * `saving`, `resending`).
 */

export type ForgotField = 'email' | 'code' | 'password';
const FORGOT_FIELDS = ['email', 'code', 'password'] as const satisfies readonly ForgotField[];

export interface ForgotInput {
  resendSeconds?: number;
}

export interface ForgotContext {
  email: string;
  code: string;
  password: string;
  fieldErrors: Partial<Record<ForgotField, string>>;
  error: string | null;
  notice: string | null;
  resendLock: ActorRefFrom<typeof resendLockMachine>;
}

export type ForgotEvent =
  | { type: 'field.change'; field: ForgotField; value: string }
  | { type: 'request.submit' }
  | { type: 'reset.submit' }
  | { type: 'code.resend' }
  | { type: 'step.back' };

/** Shown on the reset stage: the server answers the same whether or not the address has an account. */
export const CODE_SENT_NOTE = 'If an account uses this email, we sent it a 6-digit code.';
export const CODE_RESENT_NOTE = 'We sent you a new code.';
/** Spec section 5: the reset stage has no email field of its own, so a lost address reads like this. */
export const MISSING_EMAIL = 'Missing email.';

function checkRequest(context: ForgotContext) {
  return checkWith(Email, context.email);
}

/** The reset stage: the email comes from the request stage, code and password are typed here. */
function checkReset(context: ForgotContext) {
  return checkResetRequest(context, MISSING_EMAIL);
}

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
    input: {} as ForgotInput | undefined,
    emitted: {} as AuthScreenEffect,
  },
  actors: {
    requestCode: fromPromise<DetailResponse, ForgotRequest>(({ input }) => forgotPassword(input)),
    resetPassword: fromPromise<DetailResponse, ResetRequest>(({ input }) => resetPassword(input)),
    resendLock: resendLockMachine,
  },
  guards: {
    requestValid: ({ context }) => checkRequest(context).ok,
    resetValid: ({ context }) => checkReset(context).ok,
    resendReady: ({ context }) => context.resendLock.getSnapshot().value === 'ready',
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _edited, ...fieldErrors } = context.fieldErrors;
      const value = event.field === 'code' ? event.value.replace(/\D/g, '').slice(0, 6) : event.value;
      return { [event.field]: value, fieldErrors, error: null, notice: event.field === 'code' ? null : context.notice };
    }),
    showRequestErrors: assign({ fieldErrors: () => ({ email: MESSAGES.email }), error: FIELDS_NOT_VALID }),
    showResetErrors: assign(({ context }) => {
      const result = checkReset(context);
      return { fieldErrors: result.ok ? {} : result.fields, error: FIELDS_NOT_VALID };
    }),
    clearMessages: assign({ fieldErrors: () => ({}), error: null, notice: null }),
    startLock: sendTo(({ context }) => context.resendLock, { type: 'code.sent' }),
    noteSent: assign({ notice: CODE_SENT_NOTE }),
    noteResent: assign({ notice: CODE_RESENT_NOTE }),
    forgetReset: assign({ code: '', password: '' }),
    rememberFailure: assign((_, params: { error: unknown }) => {
      const { message, fields } = authFailure(params.error);
      return { error: message, fieldErrors: pickFields(fields, FORGOT_FIELDS) };
    }),
    refused: emit(REFUSED),
    passwordChanged: emit(({ context }) => ({ type: 'screen.passwordChanged', email: context.email }) as const),
    leave: emit(navigateTo(AFTER_RESET)),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input, spawn }) => ({
    email: '',
    code: '',
    password: '',
    fieldErrors: {},
    error: null,
    notice: null,
    resendLock: spawn('resendLock', { input: { seconds: input?.resendSeconds } }),
  }),
  initial: 'request',
  states: {
    request: {
      tags: ['requestStep'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'request.submit': [{ guard: 'requestValid', target: 'sending' }, { actions: ['showRequestErrors', 'refused'] }],
          },
        },
        sending: {
          tags: ['sending'],
          entry: 'clearMessages',
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }): ForgotRequest => ({ email: context.email.trim().toLowerCase() }),
            onDone: { target: '#forgotPassword.reset', actions: ['startLock', 'noteSent'] },
            onError: { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'] },
          },
        },
      },
    },
    reset: {
      tags: ['resetStep'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'reset.submit': [{ guard: 'resetValid', target: 'saving' }, { actions: ['showResetErrors', 'refused'] }],
            'code.resend': { guard: 'resendReady', target: 'resending' },
            'step.back': { target: '#forgotPassword.request', actions: ['clearMessages', 'forgetReset'] },
          },
        },
        saving: {
          tags: ['saving'],
          entry: 'clearMessages',
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }): ResetRequest => {
              const result = checkReset(context);
              // Stryker disable next-line ConditionalExpression,ObjectLiteral: the resetValid guard let only checked fields in, so the fallback never runs
              return result.ok ? result.value : { email: context.email, code: context.code, password: context.password };
            },
            onDone: { target: '#forgotPassword.done', actions: ['passwordChanged', 'leave'] },
            onError: { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'] },
          },
        },
        resending: {
          tags: ['resending'],
          entry: 'clearMessages',
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            input: ({ context }): ForgotRequest => ({ email: context.email.trim().toLowerCase() }),
            onDone: { target: 'editing', actions: ['startLock', 'noteResent'] },
            onError: { target: 'editing', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    done: { type: 'final', tags: ['resetStep', 'saving'] },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
