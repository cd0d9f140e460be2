import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { Code, MESSAGES, Password, type DetailResponse, type ResetRequest } from '../../../contracts/accounts';
import { Email } from '../../../contracts/shared/text';
import { checkWith } from '../../../contracts/shared/validation';
import { resetPassword } from '../../services/accounts/auth';
import { FIELDS_NOT_VALID, authFailure, pickFields } from './auth-errors';
import { AFTER_RESET, REFUSED, navigateTo, type AuthScreenEffect } from './screen-effects';

/**
 * The /reset screen (spec sections 2 and 5): email, 6-digit code, new password and its
 * confirmation in one form. Failures read the server's sentence, else 'Could not reset password.'
 *
 *   editing --form.submit [valid]--> saving --done--> done (emits screen.passwordChanged, then
 *           screen.navigate to /login?reset=1)
 *   editing --form.submit [invalid]--> editing (sentences under the fields, an alert naming them; emits screen.refused)
 *   saving --error--> editing (alert; emits screen.refused)
 * Tags: `saving` from the submit on (saving, done).
 */

export type ResetField = 'email' | 'code' | 'password' | 'confirm';

export interface ResetInput {
  /** Filled in from `/reset?email=...` so a link can carry the address. */
  email?: string;
}

export interface ResetContext {
  email: string;
  code: string;
  password: string;
  confirm: string;
  fieldErrors: Partial<Record<ResetField, string>>;
  error: string | null;
}

export type ResetEvent = { type: 'field.change'; field: ResetField; value: string } | { type: 'form.submit' };

/** Spec section 5: on this screen an empty email reads 'Please enter your email.' */
export const EMAIL_REQUIRED = 'Please enter your email.';

type Checked<Field extends string> = { ok: true; value: ResetRequest } | { ok: false; fields: Partial<Record<Field, string>> };

/**
 * Email, code and new password checked into the request both reset screens send (this one and
 * /forgot's second stage). `emptyEmail` is the screen's own sentence for a blank address.
 */
export function checkResetRequest(fields: { email: string; code: string; password: string }, emptyEmail: string): Checked<'email' | 'code' | 'password'> {
  const errors: Partial<Record<'email' | 'code' | 'password', string>> = {};
  const email = checkWith(Email, fields.email);
  const code = checkWith(Code, fields.code);
  const password = checkWith(Password, fields.password);
  if (!email.ok) errors.email = fields.email.trim() === '' ? emptyEmail : MESSAGES.email;
  if (!code.ok) errors.code = MESSAGES.code;
  if (!password.ok) errors.password = MESSAGES.password;
  if (email.ok && code.ok && password.ok) return { ok: true, value: { email: email.value, code: code.value, password: password.value } };
  return { ok: false, fields: errors };
}

/** The request's checks, then the confirmation: compared only once the password itself is valid. */
function check(context: ResetContext): Checked<ResetField> {
  const request = checkResetRequest(context, EMAIL_REQUIRED);
  const passwordValid = request.ok || request.fields.password === undefined;
  if (!passwordValid || context.confirm === context.password) return request;
  return { ok: false, fields: { ...(request.ok ? {} : request.fields), confirm: MESSAGES.confirm } };
}

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as ResetInput | undefined,
    emitted: {} as AuthScreenEffect,
  },
  actors: {
    resetPassword: fromPromise<DetailResponse, ResetRequest>(({ input }) => resetPassword(input)),
  },
  guards: {
    formValid: ({ context }) => check(context).ok,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _edited, ...fieldErrors } = context.fieldErrors;
      const value = event.field === 'code' ? event.value.replace(/\D/g, '').slice(0, 6) : event.value;
      return { [event.field]: value, fieldErrors, error: null };
    }),
    showFieldErrors: assign(({ context }) => {
      const result = check(context);
      return { fieldErrors: result.ok ? {} : result.fields, error: FIELDS_NOT_VALID };
    }),
    clearMessages: assign({ fieldErrors: () => ({}), error: null }),
    refused: emit(REFUSED),
    passwordChanged: emit(({ context }) => ({ type: 'screen.passwordChanged', email: context.email }) as const),
    leave: emit(navigateTo(AFTER_RESET)),
    rememberFailure: assign((_, params: { error: unknown }) => {
      const { message, fields } = authFailure(params.error, MESSAGES.resetFallback);
      return { error: message, fieldErrors: pickFields(fields, ['email', 'code', 'password'] as const) };
    }),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ email: input?.email ?? '', code: '', password: '', confirm: '', fieldErrors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: ['showFieldErrors', 'refused'] }],
      },
    },
    saving: {
      tags: ['saving'],
      entry: 'clearMessages',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }): ResetRequest => {
          const result = check(context);
          // Stryker disable next-line ConditionalExpression,ObjectLiteral: the formValid guard let only checked fields in, so the fallback never runs
          return result.ok ? result.value : { email: context.email, code: context.code, password: context.password };
        },
        onDone: { target: 'done', actions: ['passwordChanged', 'leave'] },
        onError: { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'] },
      },
    },
    done: { type: 'final', tags: ['saving'] },
  },
});

export type ResetPasswordMachine = typeof resetPasswordMachine;
