import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { LoginRequest } from '../../../contracts/accounts';
import type { Tokens } from '../../../contracts/shared/session';
import { login } from '../../services/accounts/auth';
import { completeSignIn } from '../../services/accounts/sign-in';
import { authFailure, pickFields } from './auth-errors';
import { REFUSED, navigateTo, type AuthScreenEffect } from './screen-effects';

/**
 * Login (spec sections 2 and 4). No client-side checks (spec section 5): what is typed is sent.
 *
 *   editing --form.submit--> checking --done--> signingIn --done--> done (emits screen.navigate to the destination)
 *   checking --error--> editing (the server's sentence, and its sentences for the fields it names; emits screen.refused)
 *   signingIn --error--> editing (emits screen.refused)
 * Tags: `busy` while the form is sent and after (checking, signingIn, done).
 */

export type LoginField = 'email' | 'password';
const LOGIN_FIELDS = ['email', 'password'] as const satisfies readonly LoginField[];

export interface LoginInput {
  /** Where the sign-in guard found the person (`/login?next=...`); followed when safe. */
  next?: string | null;
  /** The address to start with (the one whose password was just reset). */
  email?: string;
}

export interface LoginContext {
  email: string;
  password: string;
  /** On: tokens in local storage (kept across browser restarts); off: this tab only. */
  remember: boolean;
  next: string | null;
  tokens: Tokens | null;
  /** The server's sentence per field it refused (an empty address, say), shown under the inputs. */
  fieldErrors: Partial<Record<LoginField, string>>;
  error: string | null;
}

export type LoginEvent = { type: 'field.change'; field: LoginField; value: string } | { type: 'remember.change'; remember: boolean } | { type: 'form.submit' };

export type LoginSignInCall = { tokens: Tokens; remember: boolean; next: string | null };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput | undefined,
    emitted: {} as AuthScreenEffect,
  },
  actors: {
    checkCredentials: fromPromise<Tokens, LoginRequest>(({ input }) => login(input)),
    completeSignIn: fromPromise<string, LoginSignInCall>(({ input }) => completeSignIn(input.tokens, { remember: input.remember, next: input.next })),
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _edited, ...fieldErrors } = context.fieldErrors;
      return { [event.field]: event.value, fieldErrors, error: null };
    }),
    setRemember: assign(({ event }) => {
      assertEvent(event, 'remember.change');
      return { remember: event.remember };
    }),
    clearErrors: assign({ error: null, fieldErrors: () => ({}) }),
    rememberTokens: assign((_, params: { tokens: Tokens }) => ({ tokens: params.tokens })),
    rememberFailure: assign((_, params: { error: unknown }) => {
      const { message, fields } = authFailure(params.error);
      return { error: message, fieldErrors: pickFields(fields, LOGIN_FIELDS), tokens: null };
    }),
    refused: emit(REFUSED),
    goTo: emit((_, params: { destination: string }) => navigateTo(params.destination)),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: input?.email ?? '',
    password: '',
    remember: true,
    next: input?.next ?? null,
    tokens: null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'remember.change': { actions: 'setRemember' },
        'form.submit': 'checking',
      },
    },
    checking: {
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'checkCredentials',
        src: 'checkCredentials',
        input: ({ context }): LoginRequest => ({ email: context.email, password: context.password }),
        onDone: { target: 'signingIn', actions: { type: 'rememberTokens', params: ({ event }) => ({ tokens: event.output }) } },
        onError: { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'] },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context }): LoginSignInCall => ({
          // Stryker disable next-line all: signingIn is entered only from checkCredentials' done, which stored the tokens
          tokens: context.tokens ?? { access: '', refresh: '' },
          remember: context.remember,
          next: context.next,
        }),
        onDone: { target: 'done', actions: { type: 'goTo', params: ({ event }) => ({ destination: event.output }) } },
        onError: { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'] },
      },
    },
    done: { type: 'final', tags: ['busy'] },
  },
});

export type LoginMachine = typeof loginMachine;
