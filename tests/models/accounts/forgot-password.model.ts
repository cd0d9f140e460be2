/** Forgot password as a person sees it (no effects): request a code, then code + new password. */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type ForgotModelEvent =
  | { type: 'email.fill.valid' }
  | { type: 'email.fill.invalid' }
  | { type: 'request.submit' }
  | { type: 'request.accept' }
  | { type: 'request.reject' }
  | { type: 'reset.fill' }
  | { type: 'reset.submit' }
  | { type: 'reset.accept' }
  | { type: 'reset.reject' }
  | { type: 'lock.expire' }
  | { type: 'code.resend' }
  | { type: 'step.back' };

export const forgotModelMachine = setup({ types: { events: {} as ForgotModelEvent } }).createMachine({
  id: 'forgotModel',
  initial: 'request',
  states: {
    request: {
      initial: 'blank',
      states: {
        blank: { on: { 'email.fill.valid': 'typed', 'email.fill.invalid': 'typedInvalid' } },
        typed: { on: { 'request.submit': '#forgotModel.requesting' } },
        typedInvalid: { on: { 'request.submit': 'refused' } },
        /** 'Please enter a valid email.' */
        refused: { on: { 'email.fill.valid': 'typed' } },
        failed: { on: { 'request.submit': '#forgotModel.requesting' } },
      },
    },
    requesting: { on: { 'request.accept': 'reset', 'request.reject': 'request.failed' } },
    reset: {
      initial: 'locked',
      states: {
        /** Code sent: the note, empty boxes, Resend locked with its countdown. */
        locked: { on: { 'reset.submit': 'refused', 'reset.fill': 'filled', 'lock.expire': 'unlocked', 'step.back': '#forgotModel.request.typed' } },
        /** The countdown is over: Resend enabled. */
        unlocked: { on: { 'code.resend': '#forgotModel.resending' } },
        /** Code and password sentences. */
        refused: { on: { 'reset.fill': 'filled' } },
        filled: { on: { 'reset.submit': '#forgotModel.resetting' } },
        failed: { on: { 'reset.submit': '#forgotModel.resetting' } },
        resent: {},
        /** The new code could not be sent: the server's sentence in an alert, Resend enabled again. */
        resendFailed: {},
      },
    },
    resending: { on: { 'request.accept': 'reset.resent', 'request.reject': 'reset.resendFailed' } },
    resetting: { on: { 'reset.accept': 'done', 'reset.reject': 'reset.failed' } },
    /** At /login?reset=1. */
    done: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const forgotModel = runAsWalks(createTestModel(forgotModelMachine));

export const FORGOT_VALUES = {
  email: 'owner@example.com',
  invalidEmail: 'owner@',
  code: '123456',
  password: 'a new password',
  rejection: 'This code is wrong or has expired.',
  requestRejection: 'Too many requests. Try again in a minute.',
} as const;
