/**
 * Registration as a person sees it, with no effects (createTestModel refuses invoke and after).
 * Each state is something a runner can assert on the page; each event something a person
 * does or a server answer.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type RegistrationModelEvent =
  | { type: 'email.fill.valid' }
  | { type: 'email.fill.invalid' }
  | { type: 'terms.tick' }
  | { type: 'email.submit' }
  | { type: 'register.accept' }
  | { type: 'register.reject' }
  | { type: 'register.alreadySent' }
  | { type: 'code.paste' }
  | { type: 'code.submit' }
  | { type: 'verify.needProfile' }
  | { type: 'verify.signedUp' }
  | { type: 'verify.reject' }
  | { type: 'profile.fill' }
  | { type: 'profile.submit' }
  | { type: 'profile.accept' }
  | { type: 'profile.reject' }
  | { type: 'step.back' }
  | { type: 'signin.accept' }
  | { type: 'lock.expire' }
  | { type: 'code.resend' }
  | { type: 'email.change' };

export const registrationModelMachine = setup({
  types: { events: {} as RegistrationModelEvent },
}).createMachine({
  id: 'registrationModel',
  initial: 'email',
  states: {
    email: {
      initial: 'blank',
      states: {
        /** Fresh: Join disabled, the terms sentence under it. */
        blank: { on: { 'email.fill.valid': 'typed', 'email.fill.invalid': 'typedInvalid' } },
        /** An acceptable address, terms not ticked: Join still disabled. */
        typed: { on: { 'terms.tick': 'ready' } },
        typedInvalid: { on: { 'terms.tick': 'readyInvalid' } },
        ready: { on: { 'email.submit': '#registrationModel.sending' } },
        readyInvalid: { on: { 'email.submit': 'refused' } },
        /** 'Please enter a valid email.' under the field, nothing sent. */
        refused: { on: { 'email.fill.valid': 'ready' } },
        /** 'Account already exists' in an alert. */
        failed: { on: { 'email.submit': '#registrationModel.sending' } },
        /** Back from the code step by 'Use a different email': the address is still there. */
        returned: { on: { 'email.submit': '#registrationModel.sending' } },
      },
    },
    sending: { on: { 'register.accept': 'code', 'register.reject': 'email.failed', 'register.alreadySent': 'code.alreadySent' } },
    code: {
      initial: 'blank',
      states: {
        /** Empty boxes; Resend locked with its countdown at 1:00. */
        blank: {
          on: {
            'code.submit': 'refused',
            'code.paste': 'filled',
            'lock.expire': 'unlocked',
            'email.change': '#registrationModel.email.returned',
          },
        },
        /**
         * The address is locked but the code in the inbox still works (429 code_already_sent):
         * the server's sentence as a notice, Resend locked for the wait it named.
         */
        alreadySent: { on: { 'code.paste': 'filled' } },
        /** The countdown is over: Resend enabled, no countdown. */
        unlocked: { on: { 'code.resend': '#registrationModel.resending' } },
        /** 'We sent you a new code.'; Resend locked again. */
        resent: {},
        /** The new code could not be sent: the server's sentence in an alert, Resend enabled. */
        resendFailed: {},
        /** 'Enter the 6-digit code.' */
        refused: { on: { 'code.paste': 'filled' } },
        filled: { on: { 'code.submit': '#registrationModel.verifying' } },
        /** The server's sentence in an alert; the code is still in the boxes. */
        failed: { on: { 'code.submit': '#registrationModel.verifying' } },
        /** Back from the profile: the accepted code is still there and Verify goes straight on. */
        verified: { on: { 'code.submit': '#registrationModel.profile' } },
      },
    },
    resending: { on: { 'register.accept': 'code.resent', 'register.reject': 'code.resendFailed' } },
    verifying: {
      on: { 'verify.needProfile': 'profile', 'verify.signedUp': 'signingIn', 'verify.reject': 'code.failed' },
    },
    profile: {
      initial: 'blank',
      states: {
        blank: { on: { 'profile.submit': 'refused', 'profile.fill': 'filled', 'step.back': '#registrationModel.code.verified' } },
        /** Name and password sentences under the fields. */
        refused: { on: { 'profile.fill': 'filled' } },
        filled: { on: { 'profile.submit': '#registrationModel.saving' } },
        failed: { on: { 'profile.submit': '#registrationModel.saving' } },
      },
    },
    saving: { on: { 'profile.accept': 'signingIn', 'profile.reject': 'profile.failed' } },
    signingIn: { on: { 'signin.accept': 'done' } },
    /** The browser is at the destination completeSignIn returned. */
    done: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const registrationModel = runAsWalks(createTestModel(registrationModelMachine));

export const REGISTRATION_VALUES = {
  email: 'owner@example.com',
  invalidEmail: 'not-an-email',
  pastedCode: 'Your code: 123 456',
  code: '123456',
  first: 'Ada',
  last: 'Lovelace',
  password: 'correct horse',
  destination: '/onboard/7/location',
  verifyRejection: 'This code is wrong or has expired.',
  profileRejection: 'Please choose a longer password.',
  resendRejection: 'Too many requests. Try again in a minute.',
  alreadySent: 'We already sent a code to this address and it still works. You can ask for a new one in 42 seconds.',
} as const;
