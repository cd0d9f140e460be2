/**
 * The notify-me sign-up as a person sees it, with no effects (createTestModel refuses invoke
 * and after). The real machine has fewer states (idle covers empty, typed and refused); this
 * model tells them apart because the screen does: each state here is something a runner
 * can assert on the page.
 */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type LandingSignupModelEvent =
  | { type: 'fill.valid' }
  | { type: 'fill.invalid' }
  | { type: 'form.submit' }
  | { type: 'server.accept' }
  | { type: 'server.reject' }
  | { type: 'form.reset' };

export const landingSignupModelMachine = setup({
  types: { events: {} as LandingSignupModelEvent },
}).createMachine({
  id: 'landingSignupModel',
  initial: 'empty',
  states: {
    /** A fresh form: nothing typed, no sentences, no alert. */
    empty: {
      on: { 'fill.valid': 'valid', 'fill.invalid': 'invalid', 'form.submit': 'refused' },
    },
    /** Acceptable values typed, not sent yet. */
    valid: {
      on: { 'fill.invalid': 'invalid', 'form.submit': 'submitting' },
    },
    /** Unacceptable values typed; nothing said about them until a submit. */
    invalid: {
      on: { 'fill.valid': 'valid', 'form.submit': 'refused' },
    },
    /** Submitted with bad values: the contract's sentences under the fields, no request made. */
    refused: {
      on: { 'fill.valid': 'valid', 'fill.invalid': 'invalid' },
    },
    /** The request is out: the button shows it is busy. */
    submitting: {
      on: { 'server.accept': 'done', 'server.reject': 'failed' },
    },
    /** The spec's thank-you; a button offers to sign up another address. */
    done: {
      on: { 'form.reset': 'empty' },
    },
    /** The server said no: its sentence in an alert, the typed values still there. */
    failed: {
      on: { 'form.submit': 'submitting', 'fill.valid': 'valid', 'fill.invalid': 'invalid' },
    },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const landingSignupModel = runAsWalks(createTestModel(landingSignupModelMachine));

/** The values the runners type, so both runners assert the same things. */
export const SIGNUP_VALUES = {
  validZip: '94107',
  invalidZip: 'x',
  invalidEmail: 'not-an-email',
  zipSentence: 'Please enter a zip code of 3 to 10 letters or digits.',
  emailSentence: 'Please enter a valid email.',
  /**
   * What the happy-dom runner's fake server answers for `server.reject`: our API's error body. In
   * Chromium the real server refuses instead (the address over its hourly limit), in its own words.
   */
  rejection: {
    detail: 'We cannot send mail to this address. Please check it.',
    code: 'invalid_input',
    fields: { email: 'This mailbox does not accept mail.' },
  },
} as const;
