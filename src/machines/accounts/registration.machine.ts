import { assertEvent, assign, emit, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import {
  MESSAGES,
  type ProfileResponse,
  type RegisterRequest,
  type RegisterResponse,
  type VerifyRequest,
  type VerifyResponse,
} from '../../../contracts/accounts';
import { register, saveProfile, verify } from '../../services/accounts/auth';
import { completeSignIn } from '../../services/accounts/sign-in';
import { FIELDS_NOT_VALID, authFailure, codeAlreadySent, pickFields, registrationFailure } from './auth-errors';
import {
  CODE_KEYS,
  CODE_RESENT,
  PROFILE_KEYS,
  checkCode,
  checkEmailStep,
  checkProfile,
  emailStepErrors,
  normalisedEmail,
  type ProfileCall,
  type RegistrationContext,
  type RegistrationEvent,
  type RegistrationInput,
  type SignInCall,
} from './registration.context';
import { resendLockMachine } from './resend-lock.machine';
import { REFUSED, navigateTo, type AuthScreenEffect } from './screen-effects';

export { CODE_RESENT, type ProfileCall, type RegistrationErrorKey, type RegistrationEvent, type SignInCall } from './registration.context';

/**
 * Registration in three steps (spec sections 2 and 4). Each step is a state; the work a step
 * waits for is a child state of it, so the screen of a step stays up while it works.
 *
 *   email.editing --email.submit [valid]--> email.sending --done--> code.editing (lock starts)
 *   email.sending --error [429 code_already_sent]--> code.editing (the code in the inbox still
 *                 works: the server's sentence as a notice, the lock for the server's Retry-After)
 *   code.editing  --code.verify [valid]--> code.verifying --done [need_profile]--> profile.editing
 *                                                         --done--> signingIn (onboarding starts)
 *   code.editing  --code.resend [lock ready]--> code.resending --done--> code.editing (lock again)
 *   code.editing  --step.back--> email.editing (a different address)
 *   profile.editing --step.back--> code.editing ; --profile.submit [valid]--> profile.saving --done--> signingIn
 *   signingIn --done--> done (emits screen.navigate to the destination) ; --error--> signInFailed --signin.retry--> signingIn
 * A submit refused here or by the server emits screen.refused. Tags: the step shown (`emailStep`,
 * `codeStep`, `profileStep`, `finishing` while signing in, `signInFailed`) and its work
 * (`sending`, `verifying`, `resending`, `saving`).
 */

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput | undefined,
    emitted: {} as AuthScreenEffect,
  },
  actors: {
    registerEmail: fromPromise<RegisterResponse, RegisterRequest>(({ input }) => register(input)),
    verifyCode: fromPromise<VerifyResponse, VerifyRequest>(({ input }) => verify(input)),
    saveProfile: fromPromise<ProfileResponse, ProfileCall>(({ input }) => saveProfile(input.profile, input.accessToken)),
    completeSignIn: fromPromise<string, SignInCall>(({ input }) => completeSignIn(input.tokens, { remember: input.remember })),
    resendLock: resendLockMachine,
  },
  guards: {
    emailStepValid: ({ context }) => checkEmailStep(context).ok,
    codeValid: ({ context }) => checkCode(context).ok,
    /**
     * Back from the profile step with the code that was already accepted: no second verify.
     * `verifiedCode` is null until verify answers (and again after Back to the email step), and
     * the code holds digits only, so comparing the two says it all.
     */
    codeAlreadyVerified: ({ context }) => context.verifiedCode === context.code,
    profileValid: ({ context }) => checkProfile(context).ok,
    resendReady: ({ context }) => context.resendLock.getSnapshot().value === 'ready',
    needsProfile: (_, params: { answer: VerifyResponse }) => params.answer.need_profile === true,
    codeAlreadySent: (_, params: { error: unknown }) => codeAlreadySent(params.error) !== null,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _edited, ...fieldErrors } = context.fieldErrors;
      return { [event.field]: event.value, fieldErrors, error: null };
    }),
    setTerms: assign(({ context, event }) => {
      assertEvent(event, 'terms.change');
      const { terms: _terms, ...fieldErrors } = context.fieldErrors;
      return { acceptedTerms: event.accepted, fieldErrors, error: null };
    }),
    setCode: assign(({ context, event }) => {
      assertEvent(event, 'code.change');
      const { code: _code, ...fieldErrors } = context.fieldErrors;
      // Digits only, at most six: whatever was typed or pasted, the boxes hold the code.
      return { code: event.value.replace(/\D/g, '').slice(0, 6), fieldErrors, error: null, notice: null };
    }),
    showEmailErrors: assign(({ context }) => {
      const result = checkEmailStep(context);
      return { fieldErrors: emailStepErrors(result.ok ? {} : result.fields), error: FIELDS_NOT_VALID };
    }),
    showCodeError: assign({ fieldErrors: () => ({ code: MESSAGES.code }), error: FIELDS_NOT_VALID }),
    showProfileErrors: assign(({ context }) => {
      const result = checkProfile(context);
      return { fieldErrors: result.ok ? {} : pickFields(result.fields, PROFILE_KEYS), error: FIELDS_NOT_VALID };
    }),
    clearMessages: assign({ fieldErrors: () => ({}), error: null, notice: null }),
    rememberRegistration: assign((_, params: { answer: RegisterResponse }) => ({ existing: params.answer.existing })),
    startLock: sendTo(({ context }) => context.resendLock, { type: 'code.sent' }),
    /** The server's 429 for a code still in the inbox: its sentence, and its wait on the Resend lock. */
    goOnWithSentCode: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const sent = codeAlreadySent(params.error);
      enqueue.assign({ notice: sent?.message ?? null });
      enqueue.sendTo(context.resendLock, { type: 'code.sent', seconds: sent?.retryAfter });
    }),
    noteResent: assign({ notice: CODE_RESENT }),
    rememberVerify: assign(({ context }, params: { answer: VerifyResponse }) => ({
      tokens: { access: params.answer.access, refresh: params.answer.refresh },
      verifiedCode: context.code,
    })),
    rememberProfileTokens: assign((_, params: { answer: ProfileResponse }) => ({
      tokens: { access: params.answer.access, refresh: params.answer.refresh },
    })),
    /** A new address starts the code step afresh. */
    forgetCode: assign({ code: '', tokens: null, verifiedCode: null, existing: false }),
    rememberRegistrationFailure: assign((_, params: { error: unknown }) => ({
      error: registrationFailure(params.error),
      fieldErrors: emailStepErrors(authFailure(params.error).fields),
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ error: authFailure(params.error).message })),
    rememberCodeFailure: assign((_, params: { error: unknown }) => {
      const { message, fields } = authFailure(params.error);
      return { error: message, fieldErrors: pickFields(fields, CODE_KEYS) };
    }),
    rememberProfileFailure: assign((_, params: { error: unknown }) => {
      const { message, fields } = authFailure(params.error);
      return { error: message, fieldErrors: pickFields(fields, PROFILE_KEYS) };
    }),
    refused: emit(REFUSED),
    goTo: emit((_, params: { destination: string }) => navigateTo(params.destination)),
  },
}).createMachine({
  id: 'registration',
  context: ({ input, spawn }) => ({
    email: '',
    acceptedTerms: false,
    code: '',
    first_name: '',
    last_name: '',
    password: '',
    existing: false,
    tokens: null,
    verifiedCode: null,
    fieldErrors: {},
    error: null,
    notice: null,
    resendLock: spawn('resendLock', { input: { seconds: input?.resendSeconds } }),
  }),
  initial: 'email',
  states: {
    email: {
      tags: ['emailStep'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'terms.change': { actions: 'setTerms' },
            'email.submit': [{ guard: 'emailStepValid', target: 'sending' }, { actions: ['showEmailErrors', 'refused'] }],
          },
        },
        sending: {
          tags: ['sending'],
          entry: 'clearMessages',
          invoke: {
            id: 'registerEmail',
            src: 'registerEmail',
            input: ({ context }): RegisterRequest => ({ email: normalisedEmail(context), accepted_terms: context.acceptedTerms }),
            onDone: {
              target: '#registration.code',
              actions: [{ type: 'rememberRegistration', params: ({ event }) => ({ answer: event.output }) }, 'startLock'],
            },
            onError: [
              {
                guard: { type: 'codeAlreadySent', params: ({ event }) => ({ error: event.error }) },
                target: '#registration.code',
                actions: { type: 'goOnWithSentCode', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editing',
                actions: [{ type: 'rememberRegistrationFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'],
              },
            ],
          },
        },
      },
    },
    code: {
      tags: ['codeStep'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'code.change': { actions: 'setCode' },
            'code.verify': [
              { guard: 'codeAlreadyVerified', target: '#registration.profile' },
              { guard: 'codeValid', target: 'verifying' },
              { actions: ['showCodeError', 'refused'] },
            ],
            'code.resend': { guard: 'resendReady', target: 'resending' },
            'step.back': { target: '#registration.email', actions: ['clearMessages', 'forgetCode'] },
          },
        },
        verifying: {
          tags: ['verifying'],
          entry: 'clearMessages',
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }): VerifyRequest => ({ email: normalisedEmail(context), code: context.code }),
            onDone: [
              {
                guard: { type: 'needsProfile', params: ({ event }) => ({ answer: event.output }) },
                target: '#registration.profile',
                actions: { type: 'rememberVerify', params: ({ event }) => ({ answer: event.output }) },
              },
              {
                target: '#registration.signingIn',
                actions: { type: 'rememberVerify', params: ({ event }) => ({ answer: event.output }) },
              },
            ],
            onError: {
              target: 'editing',
              actions: [{ type: 'rememberCodeFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'],
            },
          },
        },
        resending: {
          tags: ['resending'],
          entry: 'clearMessages',
          invoke: {
            id: 'registerEmail',
            src: 'registerEmail',
            input: ({ context }): RegisterRequest => ({ email: normalisedEmail(context), accepted_terms: context.acceptedTerms }),
            onDone: { target: 'editing', actions: ['startLock', 'noteResent'] },
            onError: {
              target: 'editing',
              actions: { type: 'rememberCodeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    profile: {
      tags: ['profileStep'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'profile.submit': [{ guard: 'profileValid', target: 'saving' }, { actions: ['showProfileErrors', 'refused'] }],
            'step.back': { target: '#registration.code', actions: 'clearMessages' },
          },
        },
        saving: {
          tags: ['saving'],
          entry: 'clearMessages',
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }): ProfileCall => {
              const result = checkProfile(context);
              // Stryker disable all: the profileValid guard let only a valid profile in, so the fallback never runs
              const profile = result.ok
                ? result.value
                : { email: context.email, first_name: context.first_name, last_name: context.last_name, password: context.password };
              // Stryker restore all
              // Stryker disable next-line OptionalChaining,LogicalOperator,StringLiteral: verify stored the tokens before the profile step opens
              return { profile, accessToken: context.tokens?.access ?? '' };
            },
            onDone: {
              target: '#registration.signingIn',
              actions: { type: 'rememberProfileTokens', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: [{ type: 'rememberProfileFailure', params: ({ event }) => ({ error: event.error }) }, 'refused'],
            },
          },
        },
      },
    },
    signingIn: {
      tags: ['finishing'],
      entry: 'clearMessages',
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        // Registration has no Remember me: a person who just made an account stays signed in.
        // Stryker disable next-line LogicalOperator,ObjectLiteral,StringLiteral: verify or the profile save stored the tokens before signing in
        input: ({ context }): SignInCall => ({ tokens: context.tokens ?? { access: '', refresh: '' }, remember: true }),
        onDone: { target: 'done', actions: { type: 'goTo', params: ({ event }) => ({ destination: event.output }) } },
        onError: { target: 'signInFailed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signInFailed: {
      tags: ['signInFailed'],
      on: { 'signin.retry': 'signingIn' },
    },
    done: { type: 'final', tags: ['finishing'] },
  },
});

export type RegistrationMachine = typeof registrationMachine;
