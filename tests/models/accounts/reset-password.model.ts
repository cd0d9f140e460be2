/** The /reset screen as a person sees it (no effects). */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type ResetModelEvent =
  | { type: 'fill.valid' }
  | { type: 'fill.mismatch' }
  | { type: 'form.submit' }
  | { type: 'server.accept' }
  | { type: 'server.reject' }
  | { type: 'server.fail' };

export const resetModelMachine = setup({ types: { events: {} as ResetModelEvent } }).createMachine({
  id: 'resetModel',
  initial: 'blank',
  states: {
    blank: { on: { 'form.submit': 'refusedBlank', 'fill.valid': 'filled', 'fill.mismatch': 'mismatched' } },
    /** 'Please enter your email.', 'Enter the 6-digit code.', the password sentence. */
    refusedBlank: { on: { 'fill.valid': 'filled' } },
    /** Everything fine but the confirmation differs. */
    mismatched: { on: { 'form.submit': 'refusedMismatch' } },
    /** 'Passwords do not match.' */
    refusedMismatch: { on: { 'fill.valid': 'filled' } },
    filled: { on: { 'form.submit': 'saving' } },
    saving: { on: { 'server.accept': 'done', 'server.reject': 'failed', 'server.fail': 'failedSilently' } },
    /** The server's sentence. */
    failed: { on: { 'form.submit': 'saving' } },
    /** No sentence from the server: 'Could not reset password.' */
    failedSilently: {},
    /** At /login?reset=1. */
    done: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const resetModel = runAsWalks(createTestModel(resetModelMachine));

export const RESET_VALUES = {
  email: 'owner@example.com',
  code: '123456',
  password: 'a new password',
  other: 'a new passwort',
  rejection: 'This code is wrong or has expired.',
} as const;

/**
 * The model's events no real server can make happen, with why: their paths run in happy-dom only
 * (tests/e2e/accounts-reset-paths.e2e.test.ts leaves them out, `npm run paths --browser` says so).
 */
export const RESET_JSDOM_ONLY = {
  'server.fail':
    "'Could not reset password.' is for a failure with no words at all, and every real one has some: " +
    'the server\'s sentence, else "HTTP <status>", else the client\'s "Network error: …"',
} as const;
